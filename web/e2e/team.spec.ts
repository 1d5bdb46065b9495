import {
  control,
  expect,
  expectLanded,
  maskedEmail,
  openPersonalCentre,
  register,
  scenarioUser,
  signInByApi,
  test,
  text,
} from './support.ts';

const TRADER = scenarioUser('verified-trader');
const FRIEND = { email: 'invited.friend@example.com', password: 'Trade2026x' };

test.describe('inviting a friend', () => {
  test('the invite link opens registration with the code in, and the friend who signs up joins the team', async ({
    page,
    browser,
  }) => {
    await control.reset('verified-trader');
    await signInByApi(page, TRADER);
    await openPersonalCentre(page, TRADER.email);
    await page.getByRole('link', { name: text('user.menu.invite') }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('invite.title'));

    // The code, its QR code, and the link on the address the app was opened on.
    const codeButton = page.getByRole('button', { name: /^Copy the invite code / });
    const code = (await codeButton.textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z0-9]{4,}$/);
    await expect(page.getByRole('img', { name: text('invite.qrLabel') })).toBeVisible();
    const link = page.getByText(/\/pages\/register\/register\?invite_code=/);
    const url = (await link.textContent()) ?? '';
    expect(new URL(url).origin).toBe(new URL(page.url()).origin);
    expect(new URL(url).searchParams.get('invite_code')).toBe(code);
    // over plain http there is no share sheet: the link is copied
    await page.getByRole('button', { name: text('invite.copyLink') }).click();
    await expect(page.getByText(text('invite.copied'))).toBeVisible();

    // The friend opens the link on another phone, and signs up with the code filled in.
    const phone = await browser.newContext({
      viewport: page.viewportSize(),
      isMobile: true,
      hasTouch: true,
    });
    const friendPage = await phone.newPage();
    await friendPage.goto(url);
    await expect(friendPage.locator('#register-invite')).toHaveValue(code);
    await register(friendPage, FRIEND, url);
    await expectLanded(friendPage);
    await phone.close();

    // The inviter's team has the friend, a direct one, who has earned nothing yet.
    await page.getByRole('link', { name: text('invite.seeTeam') }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('team.title'));
    const summary = page.getByRole('region', { name: text('team.summaryLabel') });
    await expect(summary.getByText(text('team.friendCount')).locator('..')).toContainText('1');
    const friends = page.getByRole('list', { name: text('team.friendsTitle') });
    await expect(friends.getByRole('listitem')).toHaveCount(1);
    await expect(friends).toContainText(maskedEmail(FRIEND.email));
    await expect(friends).toContainText(text('invite.levelDirect'));
    await expect(friends).toContainText('+0.00 USDT');
  });

  test('an empty team says so and leads to the invite page', async ({ page }) => {
    await control.reset('verified-trader');
    await signInByApi(page, TRADER);
    await page.goto('/pages/team/team');
    await expect(page.getByText(text('team.emptyTitle'))).toBeVisible();
    await page.getByRole('button', { name: text('team.inviteFriends') }).click();
    await expect(page).toHaveURL(/\/pages\/invite\/invite$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('invite.title'));
  });
});
