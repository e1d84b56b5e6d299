// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import '../../../../test/render';
import { Tab, TabList, TabPanel, Tabs } from './tabs';

function OrdersTabs() {
  const [tab, setTab] = useState<'active' | 'history'>('active');
  return (
    <Tabs value={tab} onValueChange={setTab}>
      <TabList aria-label="Orders">
        <Tab value="active">Active Orders</Tab>
        <Tab value="history">Order History</Tab>
      </TabList>
      <TabPanel value={tab}>{tab === 'active' ? 'active list' : 'history list'}</TabPanel>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('moves and selects with the arrow keys, wraps around, and labels its panel', async () => {
    const user = userEvent.setup();
    render(<OrdersTabs />);
    const active = screen.getByRole('tab', { name: 'Active Orders' });
    const history = screen.getByRole('tab', { name: 'Order History' });
    expect(active.getAttribute('aria-selected')).toBe('true');
    expect(history.tabIndex).toBe(-1);

    await user.tab();
    expect(document.activeElement).toBe(active);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(history);
    expect(history.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('history list');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(history.id);

    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(active);
    expect(screen.getByRole('tabpanel').textContent).toBe('active list');
  });
});
