import type { Redis } from "ioredis";

/**
 * A number per member that moves whenever something the member's pages show about them may have
 * changed (their own writes, an unsubscribe link): anything kept for a member is kept with the
 * version it was computed under and is worthless once the version moved (decision 0038).
 */
export interface MemberVersions {
  /** The member's version now, or null when it cannot be known: keep nothing then. */
  current(userId: number): Promise<string | null>;
  /** Moves the member's version, after their change is committed. */
  changed(userId: number): Promise<void>;
}

/**
 * The versions of one process: exact when this process is the only one serving (PGlite, or one
 * worker). Bounded: past maxMembers counted members, the counts start again under a new epoch,
 * which makes every version handed out before different from every one after.
 */
export function memoryMemberVersions(maxMembers = 100_000): MemberVersions {
  let epoch = 0;
  let counts = new Map<number, number>();
  return {
    current: async (userId) => `${epoch}.${counts.get(userId) ?? 0}`,
    changed: async (userId) => {
      if (!counts.has(userId) && counts.size >= maxMembers) {
        epoch++;
        counts = new Map();
      }
      counts.set(userId, (counts.get(userId) ?? 0) + 1);
    },
  };
}

/** Kept for a day after a member's last change: longer than anything is kept under it. */
const REDIS_VERSION_SECONDS = 24 * 60 * 60;

/**
 * The versions shared by every worker through Redis: a member's write on one worker makes what
 * the others keep for that member worthless on their next look. A Redis failure answers null
 * (keep nothing: the page is computed as before) and is reported.
 */
export function redisMemberVersions(
  redis: Redis,
  onError: (error: unknown) => void,
  prefix = "member:v:",
): MemberVersions {
  return {
    async current(userId) {
      try {
        return (await redis.get(prefix + userId)) ?? "0";
      } catch (error) {
        onError(error);
        return null;
      }
    },
    async changed(userId) {
      try {
        await redis
          .multi()
          .incr(prefix + userId)
          .expire(prefix + userId, REDIS_VERSION_SECONDS)
          .exec();
      } catch (error) {
        onError(error);
      }
    },
  };
}

/** Several processes and no Redis: nothing a member's write could reach, so nothing is kept. */
export const UNKNOWN_MEMBER_VERSIONS: MemberVersions = {
  current: async () => null,
  changed: async () => {},
};
