// A real Git smart-HTTP server on a loopback port: `git http-backend` (the CGI program that ships with git) run per
// request over bare repositories made with the git command line in a temporary folder. Clones of project sources are
// tested against it; every request is recorded, and connections are counted (a refused clone opens none).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";

export interface GitRepoFiles {
  [relPath: string]: string | Buffer | { symlink: string };
}

export interface GitServer {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  requests: string[];
  connections: number;
  /** A bare repository `<name>.git` whose default branch `main` holds `files`; extra branches and tags on request. */
  makeRepo(name: string, files: GitRepoFiles, opts?: { branches?: Record<string, GitRepoFiles>; tags?: Record<string, GitRepoFiles> }): string;
  /** A new commit on `main` of a repository made with makeRepo, whose files are now `files`. */
  commit(name: string, files: GitRepoFiles): void;
  close(): Promise<void>;
}

const GIT_ENV = { GIT_AUTHOR_NAME: "Test", GIT_AUTHOR_EMAIL: "test@example.invalid", GIT_COMMITTER_NAME: "Test", GIT_COMMITTER_EMAIL: "test@example.invalid", GIT_CONFIG_NOSYSTEM: "1", HOME: os.tmpdir() };

export async function startGitServer(): Promise<GitServer> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "git-http-"));
  const projects = path.join(root, "repos");
  fs.mkdirSync(projects);
  const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, env: { ...process.env, ...GIT_ENV }, stdio: ["ignore", "pipe", "pipe"] }).toString();

  const writeFiles = (dir: string, files: GitRepoFiles) => {
    for (const entry of fs.readdirSync(dir)) if (entry !== ".git") fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
    for (const [rel, content] of Object.entries(files)) {
      const abs = path.join(dir, rel);
      fs.mkdirSync(path.dirname(abs), { recursive: true });
      if (typeof content === "object" && !Buffer.isBuffer(content)) fs.symlinkSync(content.symlink, abs);
      else fs.writeFileSync(abs, content);
    }
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://git.local");
    state.requests.push(`${req.method} ${url.pathname}${url.search}`);
    const child = spawn("git", ["http-backend"], {
      env: {
        ...process.env,
        ...GIT_ENV,
        GIT_PROJECT_ROOT: projects,
        GIT_HTTP_EXPORT_ALL: "1",
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        REQUEST_METHOD: req.method ?? "GET",
        CONTENT_TYPE: req.headers["content-type"] ?? "",
        ...(req.headers["content-length"] ? { CONTENT_LENGTH: req.headers["content-length"] } : {}),
        ...(req.headers["content-encoding"] ? { HTTP_CONTENT_ENCODING: req.headers["content-encoding"] } : {}),
        ...(req.headers["git-protocol"] ? { GIT_PROTOCOL: String(req.headers["git-protocol"]) } : {}),
        REMOTE_ADDR: "127.0.0.1",
      },
    });
    req.pipe(child.stdin);
    const chunks: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => chunks.push(c));
    child.on("close", () => {
      const out = Buffer.concat(chunks);
      const split = out.indexOf("\r\n\r\n");
      const headEnd = split >= 0 ? split : out.indexOf("\n\n");
      const sep = split >= 0 ? 4 : 2;
      const head = out.subarray(0, Math.max(headEnd, 0)).toString("latin1");
      const headers: Record<string, string> = {};
      let status = 200;
      for (const line of head.split(/\r?\n/)) {
        const i = line.indexOf(":");
        if (i < 0) continue;
        const name = line.slice(0, i).trim();
        const value = line.slice(i + 1).trim();
        if (name.toLowerCase() === "status") status = Number.parseInt(value, 10);
        else headers[name] = value;
      }
      res.writeHead(status, headers);
      res.end(headEnd >= 0 ? out.subarray(headEnd + sep) : out);
    });
  });
  const state = { requests: [] as string[], connections: 0 };
  const works = new Map<string, string>();
  server.on("connection", () => state.connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    get requests() {
      return state.requests;
    },
    set requests(v: string[]) {
      state.requests = v;
    },
    get connections() {
      return state.connections;
    },
    set connections(v: number) {
      state.connections = v;
    },
    makeRepo(name, files, opts = {}) {
      const work = fs.mkdtempSync(path.join(root, "work-"));
      git(work, "init", "-q", "-b", "main");
      writeFiles(work, files);
      git(work, "add", "-A");
      git(work, "commit", "-q", "-m", "main");
      for (const [branch, branchFiles] of Object.entries(opts.branches ?? {})) {
        git(work, "checkout", "-q", "-b", branch, "main");
        writeFiles(work, branchFiles);
        git(work, "add", "-A");
        git(work, "commit", "-q", "-m", branch);
      }
      for (const [tag, tagFiles] of Object.entries(opts.tags ?? {})) {
        git(work, "checkout", "-q", "--detach", "main");
        writeFiles(work, tagFiles);
        git(work, "add", "-A");
        git(work, "commit", "-q", "-m", tag);
        git(work, "tag", tag);
      }
      git(work, "checkout", "-q", "main");
      git(projects, "clone", "-q", "--bare", work, `${name}.git`);
      works.set(name, work);
      return `http://127.0.0.1:${port}/${name}.git`;
    },
    commit(name, files) {
      const work = works.get(name);
      if (!work) throw new Error(`no repository ${name}`);
      writeFiles(work, files);
      git(work, "add", "-A");
      git(work, "commit", "-q", "-m", "update");
      git(work, "push", "-q", path.join(projects, `${name}.git`), "main");
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          fs.rmSync(root, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}
