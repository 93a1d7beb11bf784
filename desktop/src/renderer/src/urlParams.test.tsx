// @vitest-environment jsdom
// Two parts of the back office change the URL a moment apart (a tab click, the
// desk selecting an order on its refresh): both changes stay.
import { useEffect, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { expect, it } from 'vitest';
import { useUrlParams } from './urlParams';

let chooseTab: (() => void) | undefined;
let selectOrder: (() => void) | undefined;

function Tabs() {
  const [, change] = useUrlParams();
  useEffect(() => {
    chooseTab = () => change((p) => p.set('tab', 'overview'));
  });
  return null;
}
function Desk() {
  const [, change] = useUrlParams();
  // Made once, as the desk's callbacks are: it must not carry its first render's URL.
  const [select] = useState(() => () => change((p) => p.set('order', 'A1')));
  useEffect(() => {
    selectOrder = select;
  }, [select]);
  return null;
}
function Where() {
  return <output>{useLocation().search}</output>;
}

it('keeps a tab chosen just before the desk selects an order', () => {
  render(
    <MemoryRouter initialEntries={['/admin?due=today']}>
      <Tabs />
      <Desk />
      <Where />
    </MemoryRouter>,
  );
  act(() => {
    chooseTab!();
    selectOrder!();
  });
  const search = new URLSearchParams(screen.getByRole('status').textContent ?? '');
  expect(search.get('tab')).toBe('overview');
  expect(search.get('order')).toBe('A1');
  expect(search.get('due')).toBe('today');
});
