// A platform that did not answer usefully (an HTTP error, a timeout, an unreachable host, a body that is not the
// expected JSON). It is an AppError (503 unavailable) so routes and the CLI report it like any other failure; the
// agent tools report it as `upstream_error: …` so a playbook can tell "the forum is down" from its own mistake.
import { AppError } from "@/lib/http/errors";

export class UpstreamError extends AppError {
  constructor(
    readonly platform: string,
    message: string,
    /** The upstream HTTP status, when there was one. */
    readonly upstreamStatus: number | null = null,
  ) {
    super("unavailable", message, { platform, upstreamStatus });
    this.name = "UpstreamError";
  }
}
