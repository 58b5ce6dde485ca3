import { catalogGeneration } from "./catalog-generation";
import type { MemberVersions } from "./member-versions";

/**
 * How long an answer about a member is kept when they change nothing: coupons, points, popups
 * and new volumes that start or end by the clock show at most this late; the same bound as the
 * kept home answer (decision 0033).
 */
export const MEMBER_KEPT_MS = 30_000;

/**
 * Answers about one member kept in this process between their changes (decision 0038): each is
 * kept under the member's version read before it was computed, so once the member writes (and
 * the version moves) nothing computed before that write is handed out again, in this process or,
 * with Redis versions, in any other. Within a version an answer lives at most `ttlMs` (or the
 * shorter time its producer asks for): what changes by the clock alone (points and coupons
 * expiring) shows at most that late. Concurrent callers of a missing answer share one
 * computation; a failed one is not kept.
 */
export interface MemberKept {
  get<T>(
    userId: number,
    key: string,
    produce: () => Promise<Produced<T>>,
    now?: number,
  ): Promise<Kept<T>>;
  /** The member changed something: call after the change is committed, before answering them. */
  changed(userId: number): Promise<void>;
  /** The member's version now, for what is kept elsewhere under it; null: keep nothing. */
  version(userId: number): Promise<string | null>;
}

/** What a producer answers: the value, and optionally a time before which it must be redone. */
export interface Produced<T> {
  value: T;
  until?: number;
}

/** A kept value and the time it was computed, for fields that count down from it. */
export interface Kept<T> {
  value: T;
  computedAt: number;
}

interface Answer {
  pending: Promise<Kept<unknown>>;
  until: number;
}

interface MemberRecord {
  version: string;
  /** The catalog generation the answers were computed in: a catalog change drops them too. */
  generation: number;
  answers: Map<string, Answer>;
}

export function memberKept(
  versions: MemberVersions,
  {
    ttlMs,
    maxMembers = 10_000,
    maxAnswersPerMember = 16,
    clock = Date.now,
  }: { ttlMs: number; maxMembers?: number; maxAnswersPerMember?: number; clock?: () => number },
): MemberKept {
  const members = new Map<number, MemberRecord>();

  return {
    async get<T>(
      userId: number,
      key: string,
      produce: () => Promise<Produced<T>>,
      now = clock(),
    ): Promise<Kept<T>> {
      const version = await versions.current(userId);
      const compute = async () => {
        const computedAt = now;
        const produced = await produce();
        return { kept: { value: produced.value, computedAt }, until: produced.until };
      };
      if (version === null) return (await compute()).kept;

      let record = members.get(userId);
      const generation = catalogGeneration();
      if (record?.version !== version || record.generation !== generation) {
        record = { version, generation, answers: new Map() };
        members.delete(userId);
        members.set(userId, record);
        if (members.size > maxMembers) members.delete(members.keys().next().value!);
      }
      const hit = record.answers.get(key);
      if (hit && hit.until > now) return hit.pending as Promise<Kept<T>>;

      const answers = record.answers;
      const answer: Answer = {
        pending: Promise.resolve(null as never),
        until: Number.POSITIVE_INFINITY,
      };
      answer.pending = compute().then(
        ({ kept, until }) => {
          answer.until = Math.min(kept.computedAt + ttlMs, until ?? Number.POSITIVE_INFINITY);
          return kept;
        },
        (error) => {
          if (answers.get(key) === answer) answers.delete(key);
          throw error;
        },
      );
      answers.delete(key);
      answers.set(key, answer);
      if (answers.size > maxAnswersPerMember) answers.delete(answers.keys().next().value!);
      return answer.pending as Promise<Kept<T>>;
    },
    async changed(userId) {
      members.delete(userId);
      await versions.changed(userId);
    },
    version: (userId) => versions.current(userId),
  };
}
