import { Page } from '../../ui/page';
import { Empty } from '../../ui/states';

export function JobScreen() {
  return (
    <Page title="Job">
      <Empty>This screen is being built.</Empty>
    </Page>
  );
}
