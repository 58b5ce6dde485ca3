import { Fragment, type ReactNode, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { headerAfterKey, panelAfterToggle, panelFromHash } from "./accordion";

export interface AccordionItem {
  id: string;
  title: string;
  body: ReactNode;
}

export interface AccordionGroup {
  id: string;
  title: string;
  items: AccordionItem[];
}

/** Panels share one name, so the browser itself keeps one open, even before scripts run. */
const GROUP_NAME = "faq";

/**
 * Question-and-answer panels under group headings, one open at a time across all groups. Built
 * on <details>, so answers open without scripts too; React keeps the one-open rule for browsers
 * without exclusive details, opens the question a link points at (/faq#faq-points-expiry) and
 * lets the arrow keys move between questions.
 */
export function Accordion({ groups }: { groups: AccordionGroup[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const summaries = useRef<Array<HTMLElement | null>>([]);
  const all = groups.flatMap((g) => g.items);

  const { hash } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the address, not the list.
  useEffect(() => {
    const fromHash = panelFromHash(
      hash,
      all.map((i) => i.id),
    );
    if (fromHash === null) return;
    setOpen(fromHash);
    summaries.current[fromHash]?.scrollIntoView({ block: "center" });
  }, [hash]);

  let index = -1;
  return (
    <div className="accordion">
      {groups.map((group) => (
        <Fragment key={group.id}>
          <h2 className="accordion__group" id={group.id}>
            {group.title}
          </h2>
          {group.items.map((item) => {
            index += 1;
            const at = index;
            return (
              <details
                key={item.id}
                id={item.id}
                className="accordion__item"
                name={GROUP_NAME}
                open={open === at}
                onToggle={(event) => {
                  const nowOpen = event.currentTarget.open;
                  setOpen((current) => panelAfterToggle(current, at, nowOpen));
                }}
              >
                {/* biome-ignore lint/a11y/noStaticElementInteractions: <summary> is the details' own button. */}
                <summary
                  ref={(el) => {
                    summaries.current[at] = el;
                  }}
                  className="accordion__button"
                  onKeyDown={(event) => {
                    const next = headerAfterKey(event.key, at, all.length);
                    if (next === null) return;
                    event.preventDefault();
                    summaries.current[next]?.focus();
                  }}
                >
                  <span className="accordion__mark" aria-hidden="true">
                    Q
                  </span>
                  <span className="accordion__title">{item.title}</span>
                  <span className="accordion__chevron" aria-hidden="true" />
                </summary>
                <div className="accordion__panel">
                  <span className="accordion__mark accordion__mark--answer" aria-hidden="true">
                    A
                  </span>
                  <div className="accordion__answer">{item.body}</div>
                </div>
              </details>
            );
          })}
        </Fragment>
      ))}
    </div>
  );
}
