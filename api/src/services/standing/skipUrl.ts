/** The reminder's one-tap skip link (issue 41), as the mail and the text give it. */
export const standingSkipUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/standing-orders/skip?token=${encodeURIComponent(token)}`;
