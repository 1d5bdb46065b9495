import { control, expect, openApp, scenarioUser, signInByApi, test, text } from './support.ts';

const fresh = scenarioUser('fresh-user');

/** A 1×1 PNG: the app compresses it to a JPEG before it goes up. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

test('verification with a photo: Pending Review, Rejected with the reason, submitted again', async ({
  page,
}) => {
  await control.reset('fresh-user');
  await signInByApi(page, fresh);
  await openApp(page, '/pages/user/user');
  await page.getByRole('link', { name: text('user.menu.verified') }).click();
  await expect(page).toHaveURL(/\/pages\/verified\/verified$/);
  await expect(page.getByText(text('verified.status.unverified'))).toBeVisible();

  const submit = async (label: string) => {
    await page.getByRole('textbox', { name: text('verified.fields.name') }).fill('Fresh Trader');
    await page.getByRole('textbox', { name: text('verified.fields.id_number') }).fill('X1234567');
    await page
      .getByRole('textbox', { name: text('verified.fields.birth_date') })
      .fill('1990-04-01');
    await page
      .getByLabel(text('verified.photoPick'))
      .setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('img', { name: text('verified.photoAlt') })).toBeVisible();
    await page.getByRole('button', { name: label }).click();
    await expect(page.getByText(text('verified.status.pending'))).toBeVisible();
  };

  // nothing filled in: every field asks, nothing is sent
  await page.getByRole('button', { name: text('verified.submit') }).click();
  await expect(page.getByText(text('verified.photoRequired'))).toBeVisible();

  await submit(text('verified.submit'));
  const [user] = (await control.state()).users.filter((entry) => entry.email === fresh.email);
  expect(user?.identity_status).toBe('pending');

  // the tag keeps its own width inside the status card
  const card = page.locator('section').filter({ hasText: text('verified.status.pending') });
  const tag = card.getByText(text('viewer.identity.pending'), { exact: true });
  const [tagBox, cardBox] = [await tag.boundingBox(), await card.boundingBox()];
  expect(tagBox && cardBox && tagBox.width < cardBox.width / 2).toBe(true);

  // the decision shows on the open page, without a reload (its Notice makes the page ask again)
  await control.decideIdentity({
    email: fresh.email,
    decision: 'reject',
    reason: 'The photo is blurred',
  });
  await expect(page.getByText(text('verified.status.rejected'))).toBeVisible();
  await expect(page.getByText('The photo is blurred').first()).toBeVisible();

  // the form starts from what was sent, under what to fix; only the photo is asked again
  await expect(page.getByRole('heading', { name: text('verified.fixTitle') })).toBeVisible();
  await expect(page.getByRole('textbox', { name: text('verified.fields.name') })).toHaveValue(
    'Fresh Trader',
  );
  await expect(page.getByRole('textbox', { name: text('verified.fields.birth_date') })).toHaveValue(
    '1990-04-01',
  );

  await submit(text('verified.submitAgain'));
  await expect(page.getByText('The photo is blurred')).toHaveCount(0);
});

test('a birth date in the future or of a minor is refused next to the field, keeping the form', async ({
  page,
}) => {
  await control.reset('fresh-user');
  await signInByApi(page, fresh);
  await openApp(page, '/pages/verified/verified');
  await page.getByRole('textbox', { name: text('verified.fields.name') }).fill('Fresh Trader');
  const birth = page.getByRole('textbox', { name: text('verified.fields.birth_date') });
  const nextYear = new Date().getUTCFullYear() + 1;
  await birth.fill(`${String(nextYear)}-01-01`);
  await page.getByRole('button', { name: text('verified.submit') }).click();
  await expect(page.getByText(text('verified.birthFuture'))).toBeVisible();
  await birth.fill(`${String(nextYear - 11)}-01-01`);
  await page.getByRole('button', { name: text('verified.submit') }).click();
  await expect(page.getByText(text('verified.birthMinor'))).toBeVisible();
  await expect(page.getByRole('textbox', { name: text('verified.fields.name') })).toHaveValue(
    'Fresh Trader',
  );
  const [user] = (await control.state()).users.filter((entry) => entry.email === fresh.email);
  expect(user?.identity_status).toBe('unverified');
});
