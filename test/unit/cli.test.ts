import assert from 'node:assert/strict';
import type { Command } from 'commander';
import { buildProgram } from '../../src/cli';

/** Every command and option of `graphsync` says in one line what it does (its --help). */
describe('graphsync CLI help', () => {
  const commands = (c: Command): Command[] => [c, ...c.commands.flatMap(commands)];

  it('gives every command and option a one-line description', () => {
    const all = commands(buildProgram());
    assert.ok(all.length >= 10, `found ${all.length} commands`);
    for (const command of all) {
      const name = command.name();
      assert.match(command.description(), /^\S[^\n]*$/, `command '${name}'`);
      for (const option of command.options)
        assert.match(option.description, /^\S[^\n]*$/, `option ${option.flags} of '${name}'`);
    }
  });
});
