import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  // Every public page answers with complete HTML; /login and /admin opt out per route.
  ssr: true,
} satisfies Config;
