// Imported first by server/main.ts, before anything loads React: React picks its development or
// production build from NODE_ENV when it is first loaded, and without this `npm start` served
// every page with the development build (much slower). `npm run dev` (--dev) keeps development.
if (!process.argv.includes('--dev')) process.env.NODE_ENV ??= 'production';
