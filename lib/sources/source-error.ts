// A source a tenant handed over that was refused (an archive with a `..` entry, a repository over the size limit, a
// clone that timed out). The message is a sentence for the person who uploaded it; the previous source is kept.
import { AppError, type ErrorCode } from "@/lib/http/errors";

export class SourceRefusedError extends AppError {
  constructor(message: string, code: ErrorCode = "unprocessable") {
    super(code, message);
    this.name = "SourceRefusedError";
  }
}
