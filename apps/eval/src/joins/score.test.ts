import { describe, expect, it } from 'vitest';
import { type EdgeRef, edgeKey, microAverage, scoreEdges } from './score.js';

function edge(text: string): EdgeRef {
  const match = /^(\w+)\(([\w,]+)\)->(\w+)\(([\w,]+)\)$/.exec(text);
  if (!match) throw new Error(`bad edge ${text}`);
  const [, fromTable, from, toTable, to] = match as unknown as [string, string, string, string, string];
  return { id: text, fromTable, fromColumns: from.split(','), toTable, toColumns: to.split(',') };
}

describe('edgeKey', () => {
  it('ignores case and the order of composite column pairs, but not direction or pairing', () => {
    expect(edgeKey(edge('Orders(Customer_ID)->CUSTOMER(id)'))).toBe(edgeKey(edge('orders(customer_id)->customer(ID)')));
    expect(edgeKey(edge('l(a,b)->ps(x,y)'))).toBe(edgeKey(edge('l(b,a)->ps(y,x)')));
    expect(edgeKey(edge('l(a,b)->ps(x,y)'))).not.toBe(edgeKey(edge('l(a,b)->ps(y,x)')));
    expect(edgeKey(edge('a(x)->b(y)'))).not.toBe(edgeKey(edge('b(y)->a(x)')));
    expect(edgeKey(edge('a(x)->b(y)'))).not.toBe(edgeKey(edge('a(x)->b(z)')));
  });
});

describe('scoreEdges', () => {
  const truth = ['orders(customer_id)->customer(id)', 'line(order_id)->orders(id)', 'line(p,s)->ps(p,s)'].map(edge);

  it('counts matches case-insensitively and lists the misses by id', () => {
    const predicted = ['ORDERS(CUSTOMER_ID)->Customer(Id)', 'orders(id)->line(order_id)', 'line(s,p)->ps(s,p)', 'ps(s)->supplier(id)'].map(
      edge,
    );
    const score = scoreEdges(predicted, truth);
    // 2 correct of 4 predicted, 3 true: P = 1/2, R = 2/3, F1 = 2·(1/2)(2/3)/(7/6) = 4/7.
    expect(score).toMatchObject({ truth: 3, predicted: 4, correct: 2, precision: 0.5 });
    expect(score.recall).toBeCloseTo(2 / 3, 12);
    expect(score.f1).toBeCloseTo(4 / 7, 12);
    expect(score.falsePositives).toEqual(['orders(id)->line(order_id)', 'ps(s)->supplier(id)']);
    expect(score.falseNegatives).toEqual(['line(order_id)->orders(id)']);
  });

  it('counts an edge predicted twice once', () => {
    const predicted = ['line(order_id)->orders(id)', 'LINE(order_id)->orders(id)'].map(edge);
    expect(scoreEdges(predicted, truth)).toMatchObject({ predicted: 1, correct: 1, precision: 1 });
  });

  it('scores the empty cases: nothing predicted, nothing to find', () => {
    expect(scoreEdges([], truth)).toMatchObject({ precision: 0, recall: 0, f1: 0, predicted: 0, correct: 0 });
    expect(scoreEdges([], [])).toMatchObject({ precision: 1, recall: 1, f1: 1 });
    expect(scoreEdges([edge('a(x)->b(y)')], [])).toMatchObject({ precision: 0, recall: 1, f1: 0, falsePositives: ['a(x)->b(y)'] });
  });
});

describe('microAverage', () => {
  it('sums the counts over databases, then takes the ratios', () => {
    const a = { precision: 1, recall: 0.5, f1: 2 / 3, truth: 4, predicted: 2, correct: 2 };
    const b = { precision: 0.25, recall: 1, f1: 0.4, truth: 1, predicted: 4, correct: 1 };
    const m = microAverage([a, b]);
    expect(m).toMatchObject({ truth: 5, predicted: 6, correct: 3, precision: 0.5, recall: 0.6 });
    expect(m.f1).toBeCloseTo((2 * 0.5 * 0.6) / 1.1, 12);
    expect(microAverage([])).toMatchObject({ truth: 0, predicted: 0, precision: 1, recall: 1 });
  });
});
