// Which processes a test started, through every level (a supervisor's children, their database server, an agent),
// read from /proc, so a test can check that none of them outlives what it stopped.
import fs from "node:fs";

function stat(pid: number): { ppid: number; state: string } | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The fields after the parenthesised command name (which may hold spaces): state, ppid, ...
    const after = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { state: after[0]!, ppid: Number(after[1]) };
  } catch {
    return null;
  }
}

/** Running (a zombie has ended: only its parent has not read its status yet). */
export function alive(pid: number): boolean {
  const s = stat(pid);
  return s !== null && s.state !== "Z" && s.state !== "X";
}

export function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
  } catch {
    return "";
  }
}

/** Every live process below `root`. */
export function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const s = stat(pid);
    if (s && alive(pid)) children.set(s.ppid, [...(children.get(s.ppid) ?? []), pid]);
  }
  const found: number[] = [];
  const stack = [root];
  while (stack.length) for (const c of children.get(stack.pop()!) ?? []) found.push(c), stack.push(c);
  return found;
}

/** Notes every process that appears below `root` while it runs (processes come and go: a restarted relay, agents). */
export function watchTree(root: number, everyMs = 100): { seen: Set<number>; stop: () => void } {
  const seen = new Set<number>([root]);
  const look = () => {
    for (const pid of descendants(root)) seen.add(pid);
  };
  look();
  const timer = setInterval(look, everyMs);
  return { seen, stop: () => clearInterval(timer) };
}

/** Those of `pids` still running once `timeoutMs` has passed (a process can take a moment to be reaped). */
export async function survivors(pids: Iterable<number>, timeoutMs = 10_000): Promise<Array<{ pid: number; command: string }>> {
  const list = [...pids];
  const deadline = Date.now() + timeoutMs;
  while (list.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return list.filter(alive).map((pid) => ({ pid, command: commandLine(pid) }));
}
