// The blog manager at /admin: a
// list, a create form and an edit form. ?edit={id} opens a post in edit mode (the list's Edit
// buttons use it too, so the browser's Back returns to the list); if that post cannot be loaded,
// the manager falls back to the list. The admin bar around it is shared with the leads list.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { adminPaths } from '~/config/paths';
import { getPostById, listAllPosts, type BlogPost } from '~/data/posts';
import type { AppSupabaseClient } from '~/data/supabase';
import { LoadingStatus } from '~/ui/loading-status';
import type { TeamRole } from '~/data/team';
import { AdminShell } from '~/admin/admin-shell';
import { useLoaded } from '~/admin/use-loaded';
import { managerCopy as copy } from './manager-copy';
import { PostForm } from './post-form';
import { PostList } from './post-list';
import { useNewLeadCount } from '~/admin/use-new-lead-count';
import './blog-manager.css';

const noPosts: BlogPost[] = [];

export function BlogManager({
  client,
  email,
  role,
  onSignOut,
}: {
  client: AppSupabaseClient;
  email: string;
  /** The signed-in user's role on the team: an editor sees no leads. */
  role: TeamRole;
  /** Ends the session and leaves for the home page. */
  onSignOut: () => Promise<void>;
}) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const editId = searchParams.get('edit');
  const [creating, setCreating] = useState(false);
  const list = useLoaded(
    () =>
      listAllPosts(client).catch((error: unknown): BlogPost[] => {
        // Logged only; the list ends empty.
        console.error('Could not load the blog posts:', error);
        return [];
      }),
    [client],
    // A saved post's form stays until the address leaves it, its list of posts with it.
    { keepWhileReloading: true },
  );
  const posts = list.value ?? noPosts;
  const loadPosts = list.reload;
  // The post in the address, loaded afresh on each visit; if it cannot be, back to the list.
  const { value: editing, error: editFailed } = useLoaded(
    editId
      ? () =>
          getPostById(client, editId).catch((error: unknown) => {
            console.error(`Could not load the blog post ${editId}:`, error);
            throw error;
          })
      : null,
    [client, editId],
  );
  useEffect(() => {
    if (editFailed) void navigate(adminPaths.posts, { replace: true });
  }, [editFailed, navigate]);
  // What the list says after a save or a delete; it takes the focus.
  const [notice, setNotice] = useState<string | null>(null);
  const { newLeads } = useNewLeadCount(client, role === 'admin');
  // The open form's question before it is left with unsaved changes (sign-out asks it).
  const leaveGuard = useRef<(() => boolean) | null>(null);
  const setLeaveGuard = useCallback((guard: (() => boolean) | null) => {
    leaveGuard.current = guard;
  }, []);

  function backToList() {
    setNotice(null);
    setCreating(false);
    if (editId) void navigate(adminPaths.posts);
  }

  function saved(title: string) {
    setNotice(copy.list.saved(title));
    setCreating(false);
    void navigate(adminPaths.posts);
    loadPosts();
  }

  /** The form for `post`, or for a new post. */
  const form = (post?: BlogPost) => (
    <PostForm
      key={post?.id ?? 'new'}
      client={client}
      post={post}
      posts={posts}
      onBack={backToList}
      onSaved={saved}
      onLeaveGuard={setLeaveGuard}
    />
  );

  // The form waits for the list too: it offers the other language's posts as the translation.
  let body;
  if (editId) {
    body =
      editing?.id === editId && list.value ? (
        form(editing)
      ) : (
        <LoadingStatus text={copy.form.loadingPost} />
      );
  } else if (creating) {
    body = list.value ? form() : <LoadingStatus text={copy.list.loading} />;
  } else {
    body = (
      <PostList
        client={client}
        posts={posts}
        loading={list.loading}
        notice={notice}
        onCreate={() => {
          setNotice(null);
          setCreating(true);
        }}
        onEdit={(post) => {
          setNotice(null);
          void navigate(adminPaths.editPost(post.id));
        }}
        onDeleted={(post) => {
          setNotice(copy.list.deleted(post.title));
          loadPosts();
        }}
      />
    );
  }

  return (
    <AdminShell
      email={email}
      role={role}
      onSignOut={onSignOut}
      confirmSignOut={() => leaveGuard.current?.() ?? true}
      newLeads={newLeads}
    >
      {body}
    </AdminShell>
  );
}
