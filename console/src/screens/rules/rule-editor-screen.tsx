import { Page } from '../../ui/page';
import { Empty } from '../../ui/states';

export function RuleEditorScreen() {
  return (
    <Page title="Rule">
      <Empty>This screen is being built.</Empty>
    </Page>
  );
}
