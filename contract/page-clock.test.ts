import { describe, expect, it } from "vitest";
import { pageClocksIn, readPageClock, shellAnswer, shellState } from "./page-clock";
import { type SessionStatus, type UserStatus, VISITOR_USER_STATUS } from "./status";

const status = {
  is_login: true,
  now: "2026-11-25 10:00:03",
  timestamp: 1_795_500_003,
  signup_time: 1_795_500_003,
  current_cp_ts: 1_795_500_000,
} as SessionStatus;
const user = {
  ...structuredClone(VISITOR_USER_STATUS),
  signup_coupon_expire_seconds: 259_196,
  special_sale_expire_seconds: 0,
} as UserStatus;

describe("the shell state's clock, sent apart", () => {
  it("leaves no clock field in the status or user status, and gives them back whole", () => {
    const answer = shellAnswer(status, user);
    expect(answer.status.timestamp).toBe(0);
    expect(answer.status.now).toBe("");
    expect(answer.user.signup_coupon_expire_seconds).toBe(0);
    // A field equal to the clock stays where it is: only the clock's own fields are taken out.
    expect(answer.status.signup_time).toBe(1_795_500_003);
    expect(answer.clock).toBe("page-clock|1795500003|2026-11-25 10:00:03|259196|0");
    expect(shellState(answer)).toEqual({ status, user });
  });

  it("reads a clock only from its whole text, and finds each one in a page", () => {
    const text = shellAnswer(status, user).clock;
    expect(readPageClock(text)?.signupCouponSeconds).toBe(259_196);
    expect(readPageClock(`${text}|1`)).toBeNull();
    expect(readPageClock(`x${text}`)).toBeNull();
    expect(pageClocksIn(`<script>"${text}"</script><p>${text}</p>`)).toHaveLength(2);
    expect(pageClocksIn("<p>page-clock|12|now|0|0</p>")).toEqual([]);
  });
});
