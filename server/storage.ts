import type { StorageConfig } from "./config.ts";
import type { ObjectStorage } from "./object-storage.ts";
import { createFolderStorage } from "./storage-folder.ts";
import { createS3Storage } from "./storage-s3.ts";

export { copyObjects, type ObjectStorage } from "./object-storage.ts";
export { createFolderStorage, folderStorageKeys } from "./storage-folder.ts";

/** The driver the configuration names: the local folder unless an S3 bucket is set. */
export function createStorage(config: StorageConfig): ObjectStorage {
  return config.driver === "s3" ? createS3Storage(config) : createFolderStorage(config.directory);
}
