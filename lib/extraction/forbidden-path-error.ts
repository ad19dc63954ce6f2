import { AppError } from "@/lib/http/errors";

/**
 * A path the extraction tools refuse: absolute, escaping the source folder with `..`, a symlink that resolves
 * outside it, version-control internals, or a file that usually holds secrets. The tools report it as
 * `forbidden_path: …` (docs/agent-tools.md); anywhere else it is a 403.
 */
export class ForbiddenPathError extends AppError {
  constructor(message: string) {
    super("forbidden", message);
  }
}
