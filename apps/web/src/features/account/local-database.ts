// SPEC.md section 9's local database: one store keyed by uid with a timestamp index, holding the user
// record. Also the storage check: a console warning once the origin uses more than 80 % of its quota.

export const DATABASE_NAME = "purplebeats";
export const DATABASE_VERSION = 1;
export const USER_STORE = "users";
export const TIMESTAMP_INDEX = "timestamp";
export const STORAGE_WARNING_RATIO = 0.8;

export interface LocalUserRecord {
  uid: string;
  username: string;
  timestamp: number;
  sessionId: string;
}

let opening: Promise<IDBDatabase> | null = null;

export function openDatabase(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    if (typeof indexedDB === "undefined") {
      reject(new Error("IndexedDB is not available"));
      return;
    }
    const request = indexedDB.open(DATABASE_NAME, DATABASE_VERSION);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(USER_STORE, { keyPath: "uid" });
      store.createIndex(TIMESTAMP_INDEX, "timestamp");
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB could not be opened"));
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

function run(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest): Promise<unknown> {
  return openDatabase().then(
    (db) =>
      new Promise((resolve, reject) => {
        const transaction = db.transaction(USER_STORE, mode);
        const request = work(transaction.objectStore(USER_STORE));
        transaction.oncomplete = () => resolve(request.result);
        transaction.onerror = () => reject(transaction.error ?? new Error("IndexedDB transaction failed"));
      }),
  );
}

export async function saveUserRecord(record: LocalUserRecord): Promise<void> {
  await run("readwrite", (store) => store.put(record));
  await warnIfStorageNearlyFull();
}

export async function readUserRecord(uid: string): Promise<LocalUserRecord | undefined> {
  return (await run("readonly", (store) => store.get(uid))) as LocalUserRecord | undefined;
}

export async function clearUserRecords(): Promise<void> {
  await run("readwrite", (store) => store.clear());
}

/** Warns on the console when the origin's storage use passes 80 % of its quota. */
export async function warnIfStorageNearlyFull(
  estimate: (() => Promise<StorageEstimate>) | undefined = globalThis.navigator?.storage?.estimate?.bind(
    globalThis.navigator.storage,
  ),
): Promise<boolean> {
  if (!estimate) return false;
  const { usage = 0, quota = 0 } = await estimate();
  if (quota > 0 && usage / quota > STORAGE_WARNING_RATIO) {
    console.warn(
      `Storage is ${Math.round((usage / quota) * 100)}% full (${usage} of ${quota} bytes): the app may fail to save data.`,
    );
    return true;
  }
  return false;
}
