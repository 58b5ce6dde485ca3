import { agreeToTerms, registerMember, setNewsletter } from "../../modules/account/service";
import type { DemoMembers, SeedContext } from "./types";

/** The accounts the README names, so a newcomer can log in to a store that has history. */
export const DEMO_MEMBER = {
  email: "demo@komaya.example",
  password: "komaya-demo-2026",
  nickname: "よみ太郎",
};
export const DEMO_STAFF = {
  email: "staff@komaya.example",
  password: "komaya-staff-2026",
  nickname: "運営スタッフ",
};

export async function seedDemoMembers(ctx: SeedContext): Promise<DemoMembers> {
  const { db, options } = ctx;
  const signupAt = new Date(options.now.getTime() - 120 * 86_400_000);
  const member = await registerMember(db, {
    ...DEMO_MEMBER,
    profileId: "demo-member",
    ctrlGroup: 2,
    signupAt,
  });
  await agreeToTerms(db, member.userId, signupAt);
  await setNewsletter(db, member.userId, true);
  const staff = await registerMember(db, {
    ...DEMO_STAFF,
    userType: "staff",
    profileId: "demo-staff",
    ctrlGroup: 5,
    signupAt,
    workspace: {
      name: "staging",
      color: "#00796b",
      detail: { rank: "editor", id: "S-0001", time: options.now.toISOString() },
      add_list: [{ label: "トピック確認", url: "/debug/topic_test" }],
    },
  });
  await agreeToTerms(db, staff.userId, signupAt);
  return {
    member: { userId: member.userId, email: DEMO_MEMBER.email },
    staff: { userId: staff.userId, email: DEMO_STAFF.email },
  };
}
