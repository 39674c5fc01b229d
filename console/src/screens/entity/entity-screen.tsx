import { Page } from '../../ui/page';
import { Empty } from '../../ui/states';

export function EntityScreen() {
  return (
    <Page title="Entity">
      <Empty>This screen is being built.</Empty>
    </Page>
  );
}
