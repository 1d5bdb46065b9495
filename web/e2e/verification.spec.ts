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

  await control.decideIdentity({
    email: fresh.email,
    decision: 'reject',
    reason: 'The photo is blurred',
  });
  await page.reload();
  await expect(page.getByText(text('verified.status.rejected'))).toBeVisible();
  await expect(page.getByText('The photo is blurred')).toBeVisible();

  await submit(text('verified.submitAgain'));
  await expect(page.getByText('The photo is blurred')).toHaveCount(0);
});
