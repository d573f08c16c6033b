import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { RouterInputs } from "@purplebeats/contracts";
import type { ReleaseDto } from "@purplebeats/contracts/schemas";
import { renderWithProviders } from "../../test-utils/render";
import { trpcError } from "../../test-utils/trpc-fixtures";
import { ReleaseForm, type ReleaseTransport } from "./ReleaseUploadDialog";
import { releaseDto } from "./test-fixtures";

vi.setConfig({ testTimeout: 20_000 });

const audio = (name: string) => new File(["RIFF"], name, { type: "audio/flac" });
const cover = new File(["PNG"], "cover.png", { type: "image/png" });

/** The browser's PUTs, answered as our upload routes answer them. */
const transport = (): ReleaseTransport & { audio: string[] } => {
  const sent: string[] = [];
  return {
    audio: sent,
    putAudio: vi.fn(async (url: string, _file: File, onProgress: (f: number) => void) => {
      sent.push(url);
      onProgress(1);
    }),
    putCover: vi.fn(async () => "/objects/cover.png"),
  };
};

const released = ({
  tracks,
  rightsAttested: _attested,
  credits = "",
  membersOnly = false,
  ...facts
}: RouterInputs["artistStudio"]["submitRelease"]): ReleaseDto =>
  releaseDto("release-1", {
    ...facts,
    credits,
    membersOnly,
    status: "pending",
    trackCount: tracks.length,
    songs: [],
  });

/** The form's file inputs, in order: the cover's, then the audio files'. */
const fileInputs = (container: HTMLElement) => [
  ...container.querySelectorAll<HTMLInputElement>('input[type="file"]'),
];

async function fillFacts() {
  await userEvent.type(screen.getByRole("textbox", { name: "Title" }), "Midnight Ferry");
  await userEvent.type(screen.getByRole("textbox", { name: "Genre" }), "Synthwave");
  await userEvent.type(screen.getByRole("textbox", { name: /Credits/ }), "Written by Neon Tide");
}

describe("the release upload form", () => {
  it("uploads the cover and each file, then submits the release with the rights attested", async () => {
    let counter = 0;
    const grant = vi.fn((_input: { artistId: string }) => ({
      uploadURL: `/api/admin/library/uploads/token-${++counter}`,
    }));
    const submit = vi.fn(released);
    const onDone = vi.fn();
    const puts = transport();
    const { container } = renderWithProviders(
      <ReleaseForm artistId="artist-1" onDone={onDone} transport={puts} />,
      {
        fixtures: {
          uploads: { grant: () => ({ uploadURL: "/api/objects/upload/cover-token" }) },
          artistStudio: { releaseUploadGrant: grant, submitRelease: submit, releases: () => [] },
        },
      },
    );
    await userEvent.click(screen.getByRole("radio", { name: "EP" }));
    await fillFacts();
    const [coverInput, audioInput] = fileInputs(container);
    fireEvent.change(coverInput!, { target: { files: [cover] } });
    fireEvent.change(audioInput!, { target: { files: [audio("one.flac"), audio("two.flac")] } });
    expect(screen.getByText("Cover: cover.png")).toBeTruthy();
    expect(screen.getByText("2 audio files")).toBeTruthy();
    await userEvent.click(screen.getByRole("switch", { name: /Members only/ }));

    // Without the attestation the form cannot be sent.
    const send = screen.getByRole("button", { name: "Submit for review" });
    expect(send.hasAttribute("disabled")).toBe(true);
    await userEvent.click(screen.getByRole("checkbox", { name: /I hold the rights/ }));
    await userEvent.click(send);

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(grant.mock.calls.map(([input]) => input)).toEqual([
      { artistId: "artist-1" },
      { artistId: "artist-1" },
    ]);
    expect(puts.audio).toEqual(["/api/admin/library/uploads/token-1", "/api/admin/library/uploads/token-2"]);
    expect(submit.mock.calls[0]![0]).toMatchObject({
      artistId: "artist-1",
      kind: "ep",
      title: "Midnight Ferry",
      genre: "Synthwave",
      credits: "Written by Neon Tide",
      coverUrl: "/objects/cover.png",
      membersOnly: true,
      rightsAttested: true,
      tracks: [
        { uploadURL: "/api/admin/library/uploads/token-1", fileName: "one.flac" },
        { uploadURL: "/api/admin/library/uploads/token-2", fileName: "two.flac" },
      ],
    });
  });

  it("says what is missing before uploading anything, and shows the server's refusal", async () => {
    const grant = vi.fn(() => ({ uploadURL: "/api/admin/library/uploads/t" }));
    const submit = vi.fn((): ReleaseDto => {
      throw trpcError("BAD_REQUEST", "file.flac: Cannot decode the audio");
    });
    const puts = transport();
    const { container } = renderWithProviders(
      <ReleaseForm artistId="artist-1" onDone={vi.fn()} transport={puts} />,
      {
        fixtures: {
          uploads: { grant: () => ({ uploadURL: "/api/objects/upload/c" }) },
          artistStudio: { releaseUploadGrant: grant, submitRelease: submit, releases: () => [] },
        },
      },
    );
    await fillFacts();
    await userEvent.click(screen.getByRole("checkbox", { name: /I hold the rights/ }));
    const send = screen.getByRole("button", { name: "Submit for review" });
    await userEvent.click(send);
    expect((await screen.findByRole("alert")).textContent).toBe("Choose a cover picture");
    const [coverInput, audioInput] = fileInputs(container);
    fireEvent.change(coverInput!, { target: { files: [cover] } });
    await userEvent.click(send);
    expect((await screen.findByRole("alert")).textContent).toBe("Choose at least one audio file");
    // A single holds at most 3 songs.
    fireEvent.change(audioInput!, { target: { files: ["a", "b", "c", "d"].map((n) => audio(`${n}.flac`)) } });
    await userEvent.click(send);
    expect((await screen.findByRole("alert")).textContent).toBe("At most 3 songs for this release type");
    expect(grant).not.toHaveBeenCalled();

    fireEvent.change(audioInput!, { target: { files: [audio("file.flac")] } });
    await userEvent.click(send);
    expect(await screen.findByText("400: file.flac: Cannot decode the audio")).toBeTruthy();
    expect(screen.getByText("Release not submitted")).toBeTruthy();
  });
});
