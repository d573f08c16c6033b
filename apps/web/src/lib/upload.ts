// The PUT half of an upload (avatar, playlist picture): after uploads.grant, the file goes to its upload URL.
import { httpErrorFrom, serverReason } from "./errors";
import type { ToastOptions } from "./toast";
import { translate } from "../i18n";
import { CLIENT_HEADER } from "./trpc";

/**
 * SPEC.md section 8's refusals of a picture (avatar, playlist cover), in one wording: only images, and at
 * most `maxMb`. Null when the file will do.
 */
export function pictureProblem(file: Pick<File, "type" | "size">, maxMb: number): ToastOptions | null {
  if (!file.type.startsWith("image/"))
    return {
      title: translate("error.uploadFailed"),
      message: translate("error.chooseImage"),
      variant: "destructive",
    };
  if (file.size > maxMb * 1024 * 1024)
    return {
      title: translate("error.fileTooLarge"),
      message: translate("error.fileSizeLimit", { max: maxMb }),
      variant: "destructive",
    };
  return null;
}

/**
 * SPEC.md section 8's 'Upload Failed' toast for a failed upload: with the server's reason as its message where
 * it gave one ('Only image files (PNG, JPEG, GIF, WebP, AVIF) can be uploaded'), else SPEC.md's own words.
 */
export function uploadFailed(error: unknown): ToastOptions {
  return {
    title: translate("error.uploadFailed"),
    message: serverReason(error) ?? translate("error.uploadFailedText"),
    variant: "destructive",
  };
}

/** Our own upload route (disk storage); any other upload URL is presigned storage (S3). */
const UPLOAD_ROUTE = "/api/objects/upload/";

/**
 * PUT the file to its upload URL and return what names the stored object: our own upload route responds
 * with its path; S3-compatible storage (a presigned URL) responds with nothing, so the upload URL itself names it
 * and the server checks the file when it is used. Storage gets no cookies and no client header: the
 * URL's signature is the credential, and the bucket's CORS rule need only allow Content-Type.
 */
export async function putFile(
  uploadURL: string,
  file: File,
  fetchImpl: typeof fetch = fetch,
): Promise<string> {
  const ours = new URL(uploadURL, "http://relative.invalid").pathname.startsWith(UPLOAD_ROUTE);
  const response = await fetchImpl(uploadURL, {
    method: "PUT",
    body: file,
    headers: ours ? { "content-type": file.type, ...CLIENT_HEADER } : { "content-type": file.type },
    credentials: ours ? "include" : "omit",
  });
  if (!response.ok) throw await httpErrorFrom(response);
  if (!ours) return uploadURL;
  const { objectPath } = (await response.json()) as { objectPath?: string };
  if (!objectPath) throw new Error("The upload answer had no objectPath");
  return objectPath;
}
