// The blog manager's words (/admin): the list of posts and the post's form. English only, like
// the rest of the administrator's side; the public blog's words are in copy.ts.
import type { PostLanguage } from '~/data/posts';

export const managerCopy = {
  list: {
    heading: 'Blog Posts Management',
    create: 'Create New Post',
    loading: 'Loading posts...',
    emptyHeading: 'No blog posts yet.',
    emptyText: 'Create your first post to get started.',
    published: 'Published',
    draft: 'Draft',
    scheduled: 'Scheduled',
    languages: { english: 'English', swedish: 'Svenska' } satisfies Record<PostLanguage, string>,
    by: (author: string) => `By ${author}`,
    updated: (dateTime: string) => `Updated: ${dateTime}`,
    publishedAt: (dateTime: string) => `Published: ${dateTime}`,
    scheduledFor: (dateTime: string) => `Scheduled for: ${dateTime}`,
    keptDate: (dateTime: string) => `Publication date: ${dateTime}`,
    translation: 'Translation:',
    view: 'View',
    viewLabel: (title: string) => `View “${title}” (opens in a new tab)`,
    edit: 'Edit',
    editLabel: (title: string) => `Edit “${title}”`,
    delete: 'Delete',
    deleteLabel: (title: string) => `Delete “${title}”`,
    confirmDelete: 'Are you sure you want to delete this post? This action cannot be undone.',
    saved: (title: string) => `Saved “${title}”.`,
    deleted: (title: string) => `Deleted “${title}”.`,
    deleteFailed: 'Failed to delete post. Please try again.',
  },
  form: {
    backToPosts: 'Back to Posts',
    createHeading: 'Create New Post',
    editHeading: 'Edit Post',
    loadingPost: 'Loading post...',
    showPreview: 'Show Preview',
    hidePreview: 'Hide Preview',
    previewHeading: 'Preview',
    previewEmpty: 'Nothing to preview yet: write some content.',
    previewSummary: 'Summary, as the blog list and search results show it',
    previewLink: {
      heading: 'Share a preview',
      text: 'A private link to this post’s page as it will look, for a colleague who is not signed in. It shows the saved version, is kept out of search engines, and works for 7 days.',
      create: 'Create preview link',
      creating: 'Creating preview link...',
      label: 'Preview link',
      copy: 'Copy link',
      copied: 'Copied the link.',
      expires: (dateTime: string) => `The link works until ${dateTime}.`,
      unsaved: 'The link shows the saved version: save your changes to share them.',
      failed: (message: string) => `Could not create the preview link: ${message}`,
    },
    language: 'Blog Language',
    languages: { english: 'English Blog', swedish: 'Swedish Blog' } satisfies Record<
      PostLanguage,
      string
    >,
    languageHint: 'English posts appear on /blog, Swedish posts on /sv/blog.',
    translation: 'Translation',
    noTranslation: 'No translation',
    translationOption: (option: {
      title: string;
      path: string;
      draft: boolean;
      linkedTo?: string;
    }) =>
      [
        `${option.title} (${option.path})`,
        option.draft ? ' – draft' : '',
        option.linkedTo ? ` – now the translation of “${option.linkedTo}”` : '',
      ].join(''),
    translationHint: (otherBlog: string) =>
      `The same article on the ${otherBlog}. Once both are published, each page names the other for search engines, and the EN/SV switch leads from one to the other.`,
    heroImageUrl: 'Hero Image URL',
    images: {
      heroUpload: 'Or upload an image',
      uploadHint: 'JPEG, PNG, WebP or AVIF, up to 5 MB.',
      contentHint:
        'Drop or paste an image into the content to upload it; it is added where the cursor is.',
      heroPreview: 'Hero image preview',
      uploading: (name: string) => `Uploading ${name}...`,
      uploaded: (name: string) => `Uploaded ${name}.`,
      placeholder: (name: string) => `![Uploading ${name}...]()`,
      wrongType: 'Choose a JPEG, PNG, WebP or AVIF image.',
      tooLarge: 'The image is larger than 5 MB. Choose a smaller one.',
      unreadable: 'This file could not be read as an image.',
      uploadFailed: (message: string) => `The image could not be uploaded: ${message}`,
      failed: (name: string, message: string) => `${name}: ${message}`,
      alt: {
        heading: 'Describe the image',
        label: 'Alt text',
        hint: (name: string) =>
          `What ${name} shows, in a sentence, for readers who cannot see it. It goes into the post with the image.`,
        insert: 'Insert image',
        leaveOut: 'Leave the image out',
        required: 'Describe the image, or leave it out.',
      },
    },
    optional: '(optional)',
    title: 'Title',
    slug: 'Slug',
    slugHint: (path: string) => `URL will be: ${path}`,
    slugCheck: {
      free: (slug: string) => `“${slug}” is free.`,
      taken: (slug: string, suggestion: string) =>
        `“${slug}” is already used by another post. “${suggestion}” is free.`,
      use: (suggestion: string) => `Use “${suggestion}”`,
    },
    summary: 'Summary',
    content: 'Content',
    contentHint: 'Markdown supported',
    author: 'Author',
    status: 'Publication Status',
    published: 'Published',
    draft: 'Draft',
    publishedDate: 'Publication date',
    publishedDateHint: (published: boolean, timeZone: string) =>
      `${timeZone}. ` +
      (published
        ? 'Leave it empty to publish when you save. A date in the future schedules the post: it appears on the blog at that moment, and nowhere before.'
        : 'Kept for when the post is published again, so it keeps its place among the posts.'),
    scheduledNote: (dateTime: string) => `Scheduled: the post appears on the blog on ${dateTime}.`,
    revisions: {
      heading: 'Revisions',
      loading: 'Loading revisions...',
      loadFailed: 'Could not load the revisions. Please try again later.',
      empty: 'No earlier versions yet. Each save keeps the version it replaces.',
      saved: (dateTime: string, by: string | null) =>
        by ? `Saved ${dateTime} by ${by}` : `Saved ${dateTime}`,
      restore: 'Restore',
      restoreLabel: (dateTime: string) => `Restore the version saved ${dateTime}`,
      restored: (dateTime: string) =>
        `The version saved ${dateTime} is in the form. Review it, then Update Post to keep it.`,
    },
    unsaved: {
      confirmLeave: 'You have unsaved changes. Leave without saving them?',
      restored: (dateTime: string) => `Your unsaved changes from ${dateTime} are back in the form.`,
      discard: 'Discard them',
      discarded: 'The unsaved changes were discarded.',
    },
    create: 'Create Post',
    creating: 'Creating Post...',
    update: 'Update Post',
    updating: 'Updating Post...',
    errors: {
      titleRequired: 'Title is required',
      slugRequired: 'Slug is required',
      slugFormat: 'Slug must contain only lowercase letters, numbers, and hyphens',
      slugTaken: 'This slug already exists. Please choose a different one.',
      contentRequired: 'Content is required',
      summaryRequired: 'Summary is required',
      authorRequired: 'Author is required',
      heroImageUrl: 'Hero image URL must start with http:// or https://',
      publishedDate: 'Enter a valid date and time, or leave it empty.',
      saveFailed: 'Failed to save post. Please try again.',
    },
  },
} as const;
