// A PUT with upload progress (fetch has none): admins' audio files are large, so each shows how far it is.
import { translate } from "../i18n";
import { HttpError, reasonIn } from "./errors";
import { CLIENT_HEADER } from "./trpc";

/**
 * PUTs `file` to its upload URL; `onProgress` gets 0..1 as bytes leave; rejects with the API's message. Our
 * own upload route gets the session cookie and the client header; a presigned bucket URL (S3) gets
 * neither: its signature is the credential, and the bucket's CORS rule need only allow Content-Type.
 */
export function putWithProgress(
  uploadURL: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("PUT", uploadURL);
    const ours = new URL(uploadURL, window.location.href).origin === window.location.origin;
    if (ours) {
      request.withCredentials = true;
      for (const [name, value] of Object.entries(CLIENT_HEADER)) request.setRequestHeader(name, value);
    }
    if (file.type) request.setRequestHeader("content-type", file.type);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve();
        return;
      }
      // The server's reason as the message (as before), with its code and values for another language.
      const { reason, code, codes, values } = reasonIn(request.responseText);
      const message = reason ?? `Upload failed (${request.status})`;
      reject(new HttpError(request.status, message, reason, code, codes, values));
    };
    request.onerror = () => reject(new Error(translate("error.uploadNotReached")));
    request.send(file);
  });
}
