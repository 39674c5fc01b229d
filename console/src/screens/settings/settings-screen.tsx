import { Page } from '../../ui/page';
import { Empty } from '../../ui/states';

export function SettingsScreen() {
  return (
    <Page title="Settings">
      <Empty>This screen is being built.</Empty>
    </Page>
  );
}
