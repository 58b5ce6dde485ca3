import { agreeToTerms, registerMember } from "../../modules/account/service";
import { grantStaffRoleAtSeed } from "../../modules/staff/service";
import type { DemoMembers, SeedContext } from "./types";

/**
 * The demo's back-office staff (issue 23, decision 0083), one per role. Their member accounts are
 * made after every other seeded member, so adding them moved no member's id. Each enrols an
 * authenticator at their first sign-in to /ops: the seed holds no second-factor secret.
 */
export const DEMO_EDITOR = {
  email: "editor@komaya.example",
  password: "komaya-editor-2026",
  nickname: "編集スタッフ",
};
export const DEMO_SUPPORT = {
  email: "support@komaya.example",
  password: "komaya-support-2026",
  nickname: "サポートスタッフ",
};

export async function seedStaff(ctx: SeedContext, members: DemoMembers): Promise<void> {
  const { db, options } = ctx;
  const signupAt = new Date(options.now.getTime() - 90 * 86_400_000);
  // staff@komaya.example, the store's staff account since the start, is the admin.
  await grantStaffRoleAtSeed(db, members.staff.userId, "admin");
  for (const [account, role, profileId] of [
    [DEMO_EDITOR, "editor", "demo-editor"],
    [DEMO_SUPPORT, "support", "demo-support"],
  ] as const) {
    const member = await registerMember(db, {
      ...account,
      userType: "staff",
      profileId,
      ctrlGroup: 5,
      signupAt,
    });
    await agreeToTerms(db, member.userId, signupAt);
    await grantStaffRoleAtSeed(db, member.userId, role);
  }
}
