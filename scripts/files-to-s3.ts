// npm run files-to-s3: copies the uploaded files kept under DATA_DIR/storage to the S3 bucket the
// STORAGE_S3_* settings name, at the keys the server reads there, before the site is restarted
// with those settings (docs/decisions/0030-files-on-s3-compatible-storage.md). Safe to run again.
import { loadConfig } from '#server/config.ts';
import { createS3Client } from '#server/s3.ts';
import { copyFilesToS3 } from '#server/supabase/storage/files-to-s3.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
if (!config.storageS3) {
  console.error('Set the STORAGE_S3_* settings (docs/configuration.md) to say where the files go.');
  process.exit(2);
}
const client = createS3Client(config.storageS3);
try {
  const result = await copyFilesToS3(config.dataDir, client, (line) => console.log(line));
  console.log(
    `Copied ${result.copied} file(s) to ${config.storageS3.bucket}; ${result.alreadyThere} were there already.`,
  );
  for (const file of result.skipped) console.log(`Not an object's file, left alone: ${file}`);
} catch (error) {
  console.error(`Stopped: ${(error as Error).message}. Nothing copied is lost; run it again.`);
  process.exitCode = 1;
} finally {
  client.close();
}
