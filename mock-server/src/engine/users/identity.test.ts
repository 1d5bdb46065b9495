import { describe, expect, it } from 'vitest';
import { IdentityReview } from './identity.ts';
import { refusalOf, START, userWorld } from './testing.ts';

const DOCUMENTS = {
  name: 'Alex Doe',
  id_number: 'X1234567',
  phone: '+1 4155550100',
  birth_date: '1990-04-01',
  document_type: 'passport',
  front_image: 'data:image/jpeg;base64,/9j/4AAQ',
};

async function reviewWorld() {
  const world = userWorld();
  const review = new IdentityReview(world.store, world.users);
  const ada = await world.newUser('ada@example.com');
  return { world, review, ada };
}

describe('identity review', () => {
  it('refuses a birth date in the future or of a minor (under 18), keeping the user unverified', async () => {
    const { world, review, ada } = await reviewWorld();
    const today = new Date(START).toISOString().slice(0, 10);
    const year = Number(today.slice(0, 4));
    const submit = (birth_date: string) =>
      refusalOf(() => review.submit(ada.user_id, { ...DOCUMENTS, birth_date }));
    expect(submit(`${String(year + 1)}${today.slice(4)}`)).toMatchObject({
      kind: 'invalid',
      key: 'birth_date_future',
      params: { field: 'birth_date' },
    });
    expect(submit(today)).toMatchObject({ key: 'birth_date_future' });
    expect(submit(`${String(year - 10)}-01-01`)).toMatchObject({ key: 'birth_date_minor' });
    expect(submit('1990-02-31')).toMatchObject({ key: 'birth_date_malformed' });
    expect(world.state.users[ada.user_id]?.identity_status).toBe('unverified');
    // eighteen years ago today is an adult's birth date
    expect(
      review.submit(ada.user_id, {
        ...DOCUMENTS,
        birth_date: `${String(year - 18)}${today.slice(4)}`,
      }),
    ).toEqual({
      identity_status: 'pending',
    });
  });

  it('takes a submission once, until the review decides', async () => {
    const { world, review, ada } = await reviewWorld();
    expect(review.submit(ada.user_id, DOCUMENTS)).toEqual({ identity_status: 'pending' });
    expect(world.state.users[ada.user_id]?.identity).toEqual({
      ...DOCUMENTS,
      back_image: null,
      submitted_at: START,
    });
    expect(refusalOf(() => review.submit(ada.user_id, DOCUMENTS))).toMatchObject({
      kind: 'refused',
      key: 'identity_pending',
    });
    expect(review.decide(ada.user_id, true).identity_status).toBe('verified');
    expect(refusalOf(() => review.submit(ada.user_id, DOCUMENTS))).toMatchObject({
      kind: 'refused',
      key: 'identity_verified',
    });
  });

  it('lets a rejected user submit again', async () => {
    const { review, ada } = await reviewWorld();
    review.submit(ada.user_id, DOCUMENTS);
    expect(review.decide(ada.user_id, false).identity_status).toBe('rejected');
    expect(
      review.submit(ada.user_id, { ...DOCUMENTS, back_image: 'data:image/jpeg;base64,/9j/' }),
    ).toEqual({ identity_status: 'pending' });
  });

  it('keeps the reason of a rejection until the user submits again', async () => {
    const { review, ada } = await reviewWorld();
    review.submit(ada.user_id, DOCUMENTS);
    review.decide(ada.user_id, false, '  The photo is blurred  ');
    expect(review.rejectReason(ada.user_id)).toBe('The photo is blurred');
    review.submit(ada.user_id, DOCUMENTS);
    expect(review.rejectReason(ada.user_id)).toBeNull();
    review.decide(ada.user_id, false, '   ');
    expect(review.rejectReason(ada.user_id)).toBeNull();
    review.submit(ada.user_id, DOCUMENTS);
    review.decide(ada.user_id, true, 'ignored on approval');
    expect([ada.identity_status, review.rejectReason(ada.user_id)]).toEqual(['verified', null]);
  });

  it('decides only a pending submission', async () => {
    const { review, ada } = await reviewWorld();
    expect(refusalOf(() => review.decide(ada.user_id, true))).toMatchObject({ kind: 'refused' });
    expect(ada.identity_status).toBe('unverified');
  });
});
