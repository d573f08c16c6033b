import { Entity, Index, PrimaryColumn } from "typeorm";
import { intColumn } from "./columns.js";

/** Fixed-window attempt counters shared by every API instance (when Redis is not configured). */
@Entity("rate_limits")
@Index("idx_rate_limits_window_start", ["windowStart"])
export class RateLimitCounter {
  @PrimaryColumn({ type: "text" })
  key: string;

  @PrimaryColumn({ type: "timestamptz", name: "window_start" })
  windowStart: Date;

  @intColumn({ default: 0 })
  count: number;
}
