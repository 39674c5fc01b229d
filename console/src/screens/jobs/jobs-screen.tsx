import { Page } from '../../ui/page';
import { Empty } from '../../ui/states';

export function JobsScreen() {
  return (
    <Page title="Jobs">
      <Empty>This screen is being built.</Empty>
    </Page>
  );
}
