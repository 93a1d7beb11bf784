// The contact form's messages: stored for the bakery to read.
import type { Db } from '../db/types.js';

/** Stores a contact-form message (trimmed; the e-mail lower-cased, an empty subject none). */
export async function saveContactMessage(
  prisma: Db,
  input: { name: string; email: string; subject?: string | null; message: string },
): Promise<void> {
  await prisma.contactMessage.create({
    data: {
      name: input.name.trim(),
      email: input.email.trim().toLowerCase(),
      subject: input.subject?.trim() || null,
      message: input.message.trim(),
    },
  });
}
