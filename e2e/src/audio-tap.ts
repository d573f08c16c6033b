// What the page sends to its speakers, captured: an AudioWorklet tap on every AudioContext's destination posts
// each 128-sample quantum it hears (silence included) in blocks of 4096, kept per context in the page. The
// listening journeys measure joins, fades and the equalizer on it.
import type { Page } from "@playwright/test";

/** The tap: the audio thread posts what reaches the destination, silence included, in blocks of 4096. */
const TAP_MODULE = `
class GaplessTap extends AudioWorkletProcessor {
  constructor() { super(); this.block = new Float32Array(4096); this.at = 0; }
  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    for (let i = 0; i < 128; i++) {
      this.block[this.at++] = channel ? channel[i] : 0;
      if (this.at === this.block.length) { this.port.postMessage(this.block.slice(0)); this.at = 0; }
    }
    return true;
  }
}
registerProcessor("gapless-tap", GaplessTap);
`;

/** Installs the tap before the app's scripts run. */
export async function tapAudioOutput(page: Page, elementPath: boolean) {
  await page.addInitScript(
    ({ tapModule, elementPath }) => {
      // The page's CSP is bypassed for this context: the tap's module is a blob.
      const tapPath = URL.createObjectURL(new Blob([tapModule], { type: "text/javascript" }));
      const Original = window.AudioContext;
      const recordings: { sampleRate: number; blocks: Float32Array[] }[] = [];
      (window as unknown as { __recordings: typeof recordings }).__recordings = recordings;
      const connect = AudioNode.prototype.connect as (this: AudioNode, d: AudioNode) => AudioNode;
      const taps = new WeakMap<BaseAudioContext, Promise<AudioWorkletNode>>();
      const tapOf = (ctx: BaseAudioContext) => {
        let tap = taps.get(ctx);
        if (!tap) {
          tap = ctx.audioWorklet.addModule(tapPath).then(() => {
            const node = new AudioWorkletNode(ctx, "gapless-tap");
            const recording = { sampleRate: ctx.sampleRate, blocks: [] as Float32Array[] };
            recordings.push(recording);
            node.port.onmessage = (event: MessageEvent<Float32Array>) => recording.blocks.push(event.data);
            connect.call(node, ctx.destination);
            return node;
          });
          taps.set(ctx, tap);
        }
        return tap;
      };
      AudioNode.prototype.connect = function (this: AudioNode, ...args: unknown[]) {
        const result = (connect as (...a: unknown[]) => unknown).apply(this, args);
        const destination = args[0];
        if (destination instanceof AudioDestinationNode) {
          void tapOf(this.context).then((tap) => connect.call(this, tap));
        }
        return result;
      } as typeof AudioNode.prototype.connect;
      if (elementPath) {
        // A browser without Web Audio for the app; the tap still hears its audio elements.
        delete (window as { AudioContext?: unknown }).AudioContext;
        const ctx = new Original();
        const OriginalAudio = window.Audio;
        window.Audio = class extends OriginalAudio {
          constructor(src?: string) {
            super(src);
            ctx.createMediaElementSource(this).connect(ctx.destination);
          }
        } as typeof Audio;
      }
    },
    { tapModule: TAP_MODULE, elementPath },
  );
}

/**
 * The busiest recording's level of each frequency, per block of 4096 samples (Goertzel's magnitude, 0 for
 * silence, about 0.5 for a full-scale sine), from its `fromBlock`th block on.
 */
export function levelsOf(page: Page, frequencies: number[], fromBlock = 0) {
  return page.evaluate(
    ({ frequencies, fromBlock }) => {
      const recordings = (
        window as unknown as { __recordings: { sampleRate: number; blocks: Float32Array[] }[] }
      ).__recordings;
      const longest = [...recordings].sort((a, b) => b.blocks.length - a.blocks.length)[0];
      if (!longest) return [];
      return longest.blocks.slice(fromBlock).map((block) =>
        frequencies.map((frequency) => {
          const k = 2 * Math.cos((2 * Math.PI * frequency) / longest.sampleRate);
          let s1 = 0;
          let s2 = 0;
          for (const x of block) {
            const s0 = x + k * s1 - s2;
            s2 = s1;
            s1 = s0;
          }
          return Math.sqrt(Math.max(0, s1 * s1 + s2 * s2 - k * s1 * s2)) / (block.length / 2);
        }),
      );
    },
    { frequencies, fromBlock },
  );
}
