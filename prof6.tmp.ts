import { openDatabase, pgliteDir } from "./server/db/client";
import { searchMemory } from "./server/modules/search/memory-index";
import { searchSeriesIds, suggest } from "./server/modules/search/service";
import { searchInputSchema } from "./contract/search";
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: pgliteDir("/tmp/komaya-search-bench") });
await searchMemory(database.db);
const words = ["転生", "異世界", "恋", "魔王", "悪役令嬢", "探偵", "猫", "ラブ", "の", "さとう", "ﾏｵｳ", "佐藤翔", "剣聖の宝物", "こばやし", "星見", "和風"];
const inputs = [...words.map((wd) => ({ wd })), ...words.map((wd, i) => ({ wd, gn: 2 + (i % 5), sort: i % 6 })), { gn: 3 }, { gn: 4, tg: 5, rt: 4, sort: 3 }, { ps: 1, pe: 500, sort: 2, gn: 2 }, { at: 77, sort: 1 }];
const prefixes = words.flatMap((w) => [...w].map((_, i) => [...w].slice(0, i + 1).join("")));
async function cpu(work: () => Promise<unknown>) {
  const times: number[] = [];
  for (let r = 0; r < 2; r++) {
    const c = process.cpuUsage(); const w = performance.now();
    await work();
    const u = process.cpuUsage(c);
    if (r === 1) times.push((u.user + u.system) / 1000, performance.now() - w);
  }
  return times;
}
for (const from of ["database", "memory"] as const) {
  const [searchCpu, searchWall] = await cpu(async () => { for (const k of inputs) await searchSeriesIds(database.db, searchInputSchema.parse(k), { from }); });
  const [sugCpu, sugWall] = await cpu(async () => { for (const p of prefixes) await suggest(database.db, p, { from }); });
  console.log(`${database.driver} ${from}: search ${inputs.length}x cpu ${(searchCpu / inputs.length).toFixed(2)} ms/each wall ${(searchWall / inputs.length).toFixed(2)}; suggest ${prefixes.length}x cpu ${(sugCpu / prefixes.length).toFixed(2)} ms/each wall ${(sugWall / prefixes.length).toFixed(2)}`);
}
await database.close();
