// The dashboard's audio PUT: to our own upload route with the session cookie and the client header; to a
// presigned bucket URL (S3) with neither, as the bucket's CORS rule allows only Content-Type.
import { afterEach, describe, expect, it, vi } from "vitest";
import { putWithProgress } from "./upload-progress";
import { describeError } from "./errors";
import vietnamese from "virtual:purplebeats-catalog/vi";
import { createI18n, type Translate } from "../i18n";

const inVietnamese: Translate = (key, values) => createI18n("vi", vietnamese)._(key, values);

/** The parts of XMLHttpRequest the upload uses, recording what it was told and answering 200. */
class RecordingRequest {
  static last: RecordingRequest | null = null;
  method = "";
  url = "";
  withCredentials = false;
  headers: Record<string, string> = {};
  status = 0;
  responseText = "";
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    RecordingRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send() {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 } as ProgressEvent);
    this.status = 200;
    this.onload?.();
  }
}

const file = () => new File([new Uint8Array(10)], "song.flac", { type: "audio/flac" });

afterEach(() => vi.unstubAllGlobals());

describe("putWithProgress", () => {
  it("sends the session and client header to our own upload route, with progress to the end", async () => {
    vi.stubGlobal("XMLHttpRequest", RecordingRequest);
    const progress: number[] = [];
    await putWithProgress(`${window.location.origin}/api/admin/library/uploads/tok`, file(), (f) =>
      progress.push(f),
    );
    const request = RecordingRequest.last!;
    expect(request.method).toBe("PUT");
    expect(request.withCredentials).toBe(true);
    expect(request.headers["x-purplebeats-client"]).toBe("1");
    expect(request.headers["content-type"]).toBe("audio/flac");
    expect(progress).toEqual([0.5, 1]);
  });

  it("sends neither to a presigned bucket URL, only the type", async () => {
    vi.stubGlobal("XMLHttpRequest", RecordingRequest);
    await putWithProgress(
      "https://bucket.example/pb/incoming/library/abc?X-Amz-Signature=00",
      file(),
      () => {},
    );
    const request = RecordingRequest.last!;
    expect(request.withCredentials).toBe(false);
    expect(request.headers).toEqual({ "content-type": "audio/flac" });
  });

  it("shows the upload route's refusal in the listener's language, with the format it found", async () => {
    const message =
      "Unsupported format: MIDI. Only audio files (MP3, FLAC, Ogg Vorbis, Opus, M4A/AAC, WAV) can be uploaded";
    class RefusingRequest extends RecordingRequest {
      override send() {
        this.status = 415;
        this.responseText = JSON.stringify({
          error: "Unsupported Media Type",
          message,
          code: "uploadUnsupportedFormat",
          values: { format: "MIDI" },
        });
        this.onload?.();
      }
    }
    vi.stubGlobal("XMLHttpRequest", RefusingRequest);
    const failure = await putWithProgress(`${window.location.origin}/api/x`, file(), () => {}).catch(
      (error: unknown) => error,
    );
    // English keeps the server's words as before; another language reads its own, the format kept.
    expect(describeError(failure)).toBe(message);
    expect(describeError(failure, inVietnamese)).toBe(
      "Định dạng không được hỗ trợ: MIDI. Chỉ có thể tải lên tệp âm thanh (MP3, FLAC, Ogg Vorbis, Opus, M4A/AAC, WAV)",
    );
  });
});
