import { Page } from '../../ui/page';
import { Empty } from '../../ui/states';

export function AlertsScreen() {
  return (
    <Page title="Alerts">
      <Empty>This screen is being built.</Empty>
    </Page>
  );
}
