// Requests held open by a 'timeout' fault. They end after `ms`, when the caller hangs up, or
// when the simulator is reset or closed, so a test run never waits for the full hang.
import type { FastifyReply } from "fastify";

export class HangingRequests {
  private releasers = new Set<() => void>();

  wait(ms: number, reply: FastifyReply): Promise<void> {
    return new Promise((resolve) => {
      const release = () => {
        clearTimeout(timer);
        reply.raw.off("close", release);
        this.releasers.delete(release);
        resolve();
      };
      const timer = setTimeout(release, ms);
      reply.raw.once("close", release);
      this.releasers.add(release);
    });
  }

  releaseAll(): void {
    for (const release of [...this.releasers]) release();
  }
}
