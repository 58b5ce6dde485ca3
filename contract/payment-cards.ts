import { z } from "zod";
import {
  CARD_MESSAGES,
  cardBrand,
  cardNumberProblem,
  cvcProblem,
  nameProblem,
  parseExpiry,
} from "./card-rules";
import { recordId } from "./input";

/**
 * POST /api/payment_cards: the card form's fields, checked as the browser checks them
 * (contract/card-rules.ts). The number and security code go on to the provider's vault and are
 * kept nowhere in the store (decision 0111). Whether the expiry month has passed is the server's
 * clock's to say, so the service checks it.
 */
export const addCardRequest = z
  .object({
    number: z
      .string({ message: CARD_MESSAGES.number })
      .max(30, CARD_MESSAGES.numberInvalid)
      .superRefine((v, ctx) => {
        const problem = cardNumberProblem(v);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    exp: z
      .string({ message: CARD_MESSAGES.expiry })
      .max(10, CARD_MESSAGES.expiry)
      .refine((v) => parseExpiry(v) !== null, CARD_MESSAGES.expiry),
    cvc: z.string({ message: CARD_MESSAGES.cvc3 }).max(4, CARD_MESSAGES.cvc3),
    name: z
      .string({ message: CARD_MESSAGES.name })
      .max(45, CARD_MESSAGES.name)
      .refine((v) => nameProblem(v) === null, CARD_MESSAGES.name),
  })
  .superRefine((v, ctx) => {
    const problem = cvcProblem(v.cvc, cardBrand(v.number));
    if (problem) ctx.addIssue({ code: "custom", path: ["cvc"], message: problem });
  });
export type AddCardRequest = z.infer<typeof addCardRequest>;

/** DELETE /api/payment_cards/:cardId */
export const cardIdParam = z.object({ cardId: recordId("cardId") });
