// A backup file opened for a restore (every entry checked against its manifest before anything is
// written), and its stored files and secrets put into a DATA_DIR
// (docs/decisions/0033-backups-that-restore.md).
import { mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { MANIFEST_NAME, parseManifest, type Manifest } from './manifest.ts';
import { BadArchiveError, extractTar } from './tar.ts';

export interface OpenedBackup {
  manifest: Manifest;
  /** The folder the archive was opened into; remove it with close(). */
  dir: string;
  close(): Promise<void>;
}

/**
 * Opens the archive into a new folder under `workParent` and checks each entry the manifest names
 * (its size and SHA-256). Throws BadArchiveError or BadManifestError, and leaves nothing behind.
 */
export async function openBackup(archive: string, workParent: string): Promise<OpenedBackup> {
  await mkdir(workParent, { recursive: true });
  const dir = await mkdtemp(path.join(workParent, '.restoring-'));
  const close = () => rm(dir, { recursive: true, force: true });
  try {
    const entries = new Map((await extractTar(archive, dir)).map((entry) => [entry.name, entry]));
    const manifestEntry = entries.get(MANIFEST_NAME);
    if (!manifestEntry) throw new BadArchiveError(`it has no ${MANIFEST_NAME}`);
    const manifest = parseManifest(await readFile(manifestEntry.file, 'utf8'));
    for (const listed of [...manifest.tables, ...manifest.objects, ...manifest.secrets]) {
      const found = entries.get(listed.entry);
      if (!found) throw new BadArchiveError(`${listed.entry} is missing`);
      if (found.bytes !== listed.bytes || found.sha256 !== listed.sha256)
        throw new BadArchiveError(`${listed.entry} does not match its checksum`);
    }
    return { manifest, dir, close };
  } catch (error) {
    await close();
    if (error instanceof Error && error.message.startsWith('ENOENT'))
      throw new BadArchiveError(`there is no file ${archive}`);
    throw error;
  }
}

/**
 * Puts the backup's stored files and secrets into `dataDir`. What was there (with --replace) is
 * moved aside to `<name>.before-restore-<time>`, never deleted.
 */
export async function restoreFiles(backup: OpenedBackup, dataDir: string): Promise<string[]> {
  const stamp = new Date().toISOString().replace(/[-:.]/g, '');
  const movedAside: string[] = [];
  const moveAside = async (target: string) => {
    try {
      await rename(target, `${target}.before-restore-${stamp}`);
      movedAside.push(`${target}.before-restore-${stamp}`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  };
  await mkdir(dataDir, { recursive: true });
  if (backup.manifest.files === 'included') {
    await moveAside(path.join(dataDir, 'storage'));
    const from = path.join(backup.dir, 'files');
    const to = path.join(dataDir, 'storage');
    await rename(from, to).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      await mkdir(to, { recursive: true }); // a backup with no files
    });
  }
  for (const secret of backup.manifest.secrets) {
    const name = path.basename(secret.entry);
    await moveAside(path.join(dataDir, name));
    await rename(path.join(backup.dir, ...secret.entry.split('/')), path.join(dataDir, name));
  }
  return movedAside;
}
