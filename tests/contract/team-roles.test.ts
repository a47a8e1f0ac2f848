// Administrators by role, not by sign-in. The real supabase-js, on PGlite and on
// PostgreSQL, as an administrator, an editor, a signed-in user who is on no team, and anyone,
// against every table the admin uses, the image bucket and the team itself.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendKinds, startTestBackend, type TestBackend } from '../support/backend.ts';
import { aLead } from '../support/leads.ts';
import { postInput } from '../support/posts.ts';
import { imageFile } from '../support/storage.ts';

const lead = aLead({ name: 'Karin Berg', language: 'swedish' });

const draft = (slug: string) =>
  postInput(slug, {
    title: `Draft ${slug}`,
    summary: 'A post nobody outside the team may see yet.',
    is_published: false,
    published_date: null,
  });

describe.each(backendKinds)('roles on %s', (kind) => {
  let backend: TestBackend;
  let admin: SupabaseClient;
  let editor: SupabaseClient;
  let outsider: SupabaseClient;
  let anon: SupabaseClient;
  let ids: { admin: string; editor: string; outsider: string };
  let leadId: string;
  let draftId: string;

  beforeAll(async () => {
    backend = await startTestBackend(kind);
    anon = backend.client();
    admin = await backend.signedIn();
    editor = await backend.signedInMember('editor@example.com', 'editor');
    outsider = await backend.signedInMember('signed-up@example.com', null);
    const idOf = async (client: SupabaseClient) => (await client.auth.getUser()).data.user!.id;
    ids = { admin: await idOf(admin), editor: await idOf(editor), outsider: await idOf(outsider) };

    expect((await anon.from('consultations').insert(lead)).status).toBe(201);
    leadId = (await admin.from('consultations').select('id').single()).data!.id as string;
    const post = await admin.from('blog_posts').insert(draft('team-draft')).select('id').single();
    draftId = post.data!.id as string;
    await admin
      .from('blog_posts')
      .update({ summary: 'Changed once, so there is a revision.' })
      .eq('id', draftId);
  });
  afterAll(async () => backend?.close());

  describe('leads and their mails', () => {
    it('an administrator reads, updates and sees the mails of a lead', async () => {
      const { data } = await admin.from('consultations').select('email');
      expect(data).toEqual([{ email: lead.email }]);
      const mails = await admin.from('consultation_mails').select('kind');
      expect(mails.data!.length).toBeGreaterThan(0);
      const updated = await admin
        .from('consultations')
        .update({ status: 'contacted' })
        .eq('id', leadId)
        .select('status');
      expect(updated.data).toEqual([{ status: 'contacted' }]);
    });

    it.each(['editor', 'outsider'] as const)(
      'the %s sees no lead and no mail, and changes none',
      async (who) => {
        const client = who === 'editor' ? editor : outsider;
        expect((await client.from('consultations').select('id')).data).toEqual([]);
        expect((await client.from('consultation_mails').select('id')).data).toEqual([]);
        const updated = await client
          .from('consultations')
          .update({ notes: 'mine now' })
          .eq('id', leadId)
          .select('id');
        expect(updated.data).toEqual([]);
        const deleted = await client.from('consultations').delete().eq('id', leadId).select('id');
        expect(deleted.data).toEqual([]);
        const kept = await backend.db.query<{ notes: string | null }>(
          'select notes from public.consultations where id = $1',
          [leadId],
        );
        expect(kept.rows).toEqual([{ notes: null }]);
      },
    );

    it('anyone may still send a lead, and read none', async () => {
      expect((await anon.from('consultations').select('id')).error?.code).toBe('42501');
    });
  });

  describe('the blog', () => {
    it.each(['admin', 'editor'] as const)(
      'the %s sees drafts and revisions, writes and deletes posts',
      async (who) => {
        const client = who === 'admin' ? admin : editor;
        const drafts = await client.from('blog_posts').select('id').eq('id', draftId);
        expect(drafts.data).toEqual([{ id: draftId }]);
        const revisions = await client
          .from('blog_post_revisions')
          .select('post_id')
          .eq('post_id', draftId);
        expect(revisions.data!.length).toBeGreaterThan(0);
        const created = await client
          .from('blog_posts')
          .insert(draft(`by-${who}`))
          .select('id')
          .single();
        expect(created.error).toBeNull();
        const updated = await client
          .from('blog_posts')
          .update({ title: `Edited by ${who}` })
          .eq('id', created.data!.id)
          .select('title');
        expect(updated.data).toEqual([{ title: `Edited by ${who}` }]);
        const deleted = await client
          .from('blog_posts')
          .delete()
          .eq('id', created.data!.id)
          .select('id');
        expect(deleted.data).toHaveLength(1);
      },
    );

    it('the signed-in outsider sees what anyone sees, and writes nothing', async () => {
      expect((await outsider.from('blog_posts').select('id').eq('id', draftId)).data).toEqual([]);
      expect((await outsider.from('blog_post_revisions').select('id')).data).toEqual([]);
      const created = await outsider.from('blog_posts').insert(draft('by-outsider'));
      expect(created.error?.code).toBe('42501');
      const published = await anon.from('blog_posts').select('id').limit(1);
      const target = published.data?.[0]?.id ?? draftId;
      const updated = await outsider
        .from('blog_posts')
        .update({ title: 'Defaced' })
        .eq('id', target)
        .select('id');
      expect(updated.data).toEqual([]);
      const deleted = await outsider.from('blog_posts').delete().eq('id', draftId).select('id');
      expect(deleted.data).toEqual([]);
      const still = await backend.db.query('select 1 from public.blog_posts where id = $1', [
        draftId,
      ]);
      expect(still.rows).toHaveLength(1);
    });
  });

  describe('the blog images bucket', () => {
    it('the team uploads, replaces and removes images; the outsider can do none of it', async () => {
      const png = () => imageFile('image/png', 'roles');
      for (const [who, client] of [
        ['admin', admin],
        ['editor', editor],
      ] as const) {
        const name = `roles/${who}.png`;
        expect((await client.storage.from('blog-images').upload(name, png())).error).toBeNull();
        expect(
          (await client.storage.from('blog-images').upload(name, png(), { upsert: true })).error,
        ).toBeNull();
      }
      const refused = await outsider.storage
        .from('blog-images')
        .upload('roles/outsider.png', png());
      expect(refused.error).toMatchObject({ statusCode: '403' });
      const replaced = await outsider.storage
        .from('blog-images')
        .upload('roles/admin.png', png(), { upsert: true });
      expect(replaced.error).toMatchObject({ statusCode: '403' });
      const removed = await outsider.storage.from('blog-images').remove(['roles/editor.png']);
      expect(removed.data).toEqual([]);
      const left = await backend.db.query<{ name: string }>(
        "select name from storage.objects where bucket_id = 'blog-images' and name like 'roles/%' order by name",
      );
      expect(left.rows.map((row) => row.name)).toEqual(['roles/admin.png', 'roles/editor.png']);
      expect(
        (await editor.storage.from('blog-images').remove(['roles/editor.png'])).data,
      ).toHaveLength(1);
    });
  });

  describe('the team', () => {
    it('an administrator sees every member with their role', async () => {
      const { data } = await admin.from('team_members').select('user_id, role').order('role');
      expect(data).toEqual([
        { user_id: ids.admin, role: 'admin' },
        { user_id: ids.editor, role: 'editor' },
      ]);
    });

    it('an editor sees only their own role, and cannot raise it or add anyone', async () => {
      expect((await editor.from('team_members').select('user_id, role')).data).toEqual([
        { user_id: ids.editor, role: 'editor' },
      ]);
      const raised = await editor
        .from('team_members')
        .update({ role: 'admin' })
        .eq('user_id', ids.editor)
        .select('role');
      expect(raised.data).toEqual([]);
      const added = await editor
        .from('team_members')
        .insert({ user_id: ids.outsider, role: 'admin' });
      expect(added.error?.code).toBe('42501');
    });

    it('the outsider cannot put themselves on the team', async () => {
      expect((await outsider.from('team_members').select('role')).data).toEqual([]);
      const added = await outsider
        .from('team_members')
        .insert({ user_id: ids.outsider, role: 'admin' });
      expect(added.error?.code).toBe('42501');
      expect((await outsider.from('consultations').select('id')).data).toEqual([]);
    });

    it('anyone sees nothing of the team', async () => {
      expect((await anon.from('team_members').select('role')).error?.code).toBe('42501');
    });

    it('a role an administrator gives takes effect on the next request, and so does its removal', async () => {
      const given = await admin
        .from('team_members')
        .insert({ user_id: ids.outsider, role: 'editor' });
      expect(given.error).toBeNull();
      expect((await outsider.from('blog_posts').select('id').eq('id', draftId)).data).toEqual([
        { id: draftId },
      ]);
      const promoted = await admin
        .from('team_members')
        .update({ role: 'admin' })
        .eq('user_id', ids.outsider)
        .select('role');
      expect(promoted.data).toEqual([{ role: 'admin' }]);
      expect((await outsider.from('consultations').select('id')).data).toEqual([{ id: leadId }]);
      await admin.from('team_members').delete().eq('user_id', ids.outsider);
      expect((await outsider.from('consultations').select('id')).data).toEqual([]);
      expect((await outsider.from('blog_posts').select('id').eq('id', draftId)).data).toEqual([]);
    });

    it('refuses a role that does not exist', async () => {
      const { error } = await admin
        .from('team_members')
        .update({ role: 'owner' })
        .eq('user_id', ids.editor);
      expect(error?.code).toBe('23514');
      expect(
        (await admin.from('team_members').select('role').eq('user_id', ids.editor)).data,
      ).toEqual([{ role: 'editor' }]);
    });
  });
});
