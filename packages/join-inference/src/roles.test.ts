import { describe, expect, it } from 'vitest';
import { valueKind } from './candidates.js';
import { inferJoins } from './infer.js';
import { defaultJoinParams } from './params.js';
import { databaseFromTables, tableFromColumns } from './profile-from-values.js';
import { roleReferences } from './roles.js';

const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => i + from);
/** `n` values taken in turn from `values`, starting at `offset`. */
const cycle = <T>(n: number, values: readonly T[], offset = 0) =>
  Array.from({ length: n }, (_, i) => values[(i + offset) % values.length]!);

/** Users keyed by sparse ids, messages naming them by role, and a big dense key that holds any number in their range. */
function mail() {
  const uids = range(100).map((i) => 1000 + 37 * i); // 1037 … 4700, one in 37
  return databaseFromTables('mail', [
    tableFromColumns('users', { uid: uids, name: uids.map((u) => `user ${u}`) }),
    tableFromColumns('messages', {
      mid: range(500),
      sender_id: cycle(500, uids),
      receiver_id: cycle(500, uids, 17),
      body: range(500).map((i) => `message ${i}`),
    }),
    tableFromColumns('documents', { doc_id: range(300), owner: cycle(300, uids.slice(0, 60), 5), pages: cycle(300, range(40)) }),
    tableFromColumns('events', { id: range(6000) }),
  ]);
}

describe('role-named references', () => {
  it('finds sender_id, receiver_id and owner → users(uid) from their values alone, not the dense key that holds any number', async () => {
    for (const declared of ['hide', 'use'] as const) {
      const { edges } = await inferJoins(mail(), { declared });
      expect(edges.map((e) => e.id)).toEqual([
        'documents(owner)->users(uid)',
        'messages(receiver_id)->users(uid)',
        'messages(sender_id)->users(uid)',
      ]);
      const sender = edges.find((e) => e.fromColumns[0] === 'sender_id')!;
      expect(sender.origin).toBe('inferred');
      expect(sender.evidence.join(' | ')).toMatch(/100% of \d+ sender_id values found in users\.uid/);
      expect(sender.evidence.join(' | ')).toMatch(/only keys named uid hold them where chance would not/);
    }
  });

  it('takes a relation (reports_to) back to its own table when no other key holds the values', async () => {
    const empNo = range(40).map((i) => 10_001 + 3 * i);
    const profile = databaseFromTables('hr', [
      tableFromColumns('employees', { emp_no: empNo, reports_to: cycle(40, empNo.slice(0, 5)), salary: cycle(40, [10.5, 20.5]) }),
      tableFromColumns('projects', { project_id: range(30), budget: cycle(30, [100, 200, 300]) }),
    ]);
    const { edges } = await inferJoins(profile, { declared: 'hide' });
    expect(edges.map((e) => e.id)).toEqual(['employees(reports_to)->employees(emp_no)']);
    expect(edges[0]!.evidence[0]).toBe('reports_to is named for a role, not for a table');
  });

  it('says nothing of a role whose small integers fit keys of several kinds, nor of a column that is no reference', async () => {
    const profile = databaseFromTables('office', [
      tableFromColumns('staff', { staff_id: range(20), floor: cycle(20, [1, 2, 3, 4]) }),
      tableFromColumns('rooms', { room_no: range(12), capacity: cycle(12, [4, 8]) }),
      tableFromColumns('projects', { project_no: range(40, 500), owner: cycle(40, [1, 2, 3]) }),
    ]);
    const { edges } = await inferJoins(profile, { declared: 'hide' });
    expect(edges).toEqual([]);
    // the same owner column, with only the staff key holding its values (rooms numbered from 100), is taken
    profile.tables[1] = tableFromColumns('rooms', { room_no: range(12, 100), capacity: cycle(12, [4, 8]) });
    expect((await inferJoins(profile, { declared: 'hide' })).edges.map((e) => e.id)).toEqual(['projects(owner)->staff(staff_id)']);
  });

  it("takes a role's own table, or the one a sibling column references, among keys of several kinds that hold its values", async () => {
    const profile = databaseFromTables('office', [
      tableFromColumns('staff', { staff_id: range(20), manager: cycle(20, [1, 2, 3]) }),
      tableFromColumns('rooms', { room_no: range(12), capacity: cycle(12, [4, 8]) }),
      tableFromColumns('reviews', { review_id: range(30, 900), staff_id: cycle(30, range(20)), approver: cycle(30, [4, 5]) }),
    ]);
    const { edges } = await inferJoins(profile, { declared: 'hide' });
    expect(edges.map((e) => [e.id, e.role])).toEqual([
      ['reviews(approver)->staff(staff_id)', 'approver'],
      ['reviews(staff_id)->staff(staff_id)', undefined],
      ['staff(manager)->staff(staff_id)', 'manager'],
    ]);
    expect(edges[0]!.evidence).toContain("of the keys holding them, staff's is the one a sibling column references");
  });

  it('leaves a name that speaks of a table word (`personid` beside person_password) to the name rules', () => {
    const ids = range(80).map((i) => 500 + 11 * i);
    const password = tableFromColumns('person_password', { businessentityid: ids, hash: ids.map((i) => `h${i}`) });
    const contact = tableFromColumns('contact', { contact_id: range(200), personid: cycle(200, ids), holder_no: cycle(200, ids) });
    const key = password.columns[0]!;
    const targets = [{ table: password, column: key, score: 1, own: true, kind: valueKind(key, defaultJoinParams())! }];
    const columns = contact.columns.slice(1).map((column) => ({ table: contact, column }));
    expect(roleReferences([password, contact], columns, targets, defaultJoinParams()).map((e) => e.id)).toEqual([
      'contact(holder_no)->person_password(businessentityid)',
    ]);
  });
});
