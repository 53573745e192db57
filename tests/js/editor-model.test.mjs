import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EditorModel } from '../../web/js/editor/editor-model.js';
import { blankMaze, cellsBetween, nearestBorder, onBorder, passageOf } from '../../web/js/editor/maze-shapes.js';
import { decodeMaze } from '../../web/js/model/maze.js';
import { mazeCard } from '../../web/js/model/maze-card.js';

const bytes = (maze) => [maze.east, maze.south, maze.southeast, maze.southwest].map((a) => [...a]);

test('a stroke carves a way and undoes as one step; redo brings it back', () => {
  const model = new EditorModel(blankMaze(3, 3));
  const before = bytes(model.maze);
  model.beginStroke();
  let at = [0, 0];
  for (const next of [[0, 1], [0, 2], [1, 2], [2, 2]]) {
    assert.ok(model.setPassage(at, next, true));
    at = next;
  }
  model.endStroke();
  assert.equal(mazeCard(model.maze).shortest, 4);
  assert.equal(model.undoStack.length, 1);
  assert.ok(model.undo());
  assert.deepEqual(bytes(model.maze), before);
  assert.equal(mazeCard(model.maze).solvable, false);
  assert.ok(model.redo());
  assert.equal(mazeCard(model.maze).shortest, 4);
  assert.ok(!model.redo());
});

test('a new edit forgets what could be redone', () => {
  const model = new EditorModel(blankMaze(3, 3));
  model.setPassage([0, 0], [0, 1], true);
  model.undo();
  assert.ok(model.canRedo);
  model.setPassage([1, 1], [2, 1], true);
  assert.ok(!model.canRedo);
});

test('passages: only neighbours the topology allows', () => {
  const four = blankMaze(3, 3);
  assert.deepEqual(passageOf(four, [1, 1], [1, 0]), [0, 3]);
  assert.deepEqual(passageOf(four, [2, 1], [1, 1]), [1, 4]);
  assert.equal(passageOf(four, [0, 0], [1, 1]), null);
  assert.equal(passageOf(four, [0, 0], [0, 2]), null);
  const eight = blankMaze(3, 3, 8);
  assert.deepEqual(passageOf(eight, [1, 1], [0, 0]), [2, 0]);
  assert.deepEqual(passageOf(eight, [0, 2], [1, 1]), [3, 2]);
});

test('openings move to border cells only, never onto each other, and undo', () => {
  const model = new EditorModel(blankMaze(4, 4));
  assert.ok(!model.moveOpening('entrance', [1, 1]));
  assert.ok(!model.moveOpening('entrance', [3, 3]));
  assert.ok(model.moveOpening('entrance', [0, 2]));
  assert.deepEqual(model.maze.entrance, [0, 2]);
  model.undo();
  assert.deepEqual(model.maze.entrance, [0, 0]);
});

test('filling a region walls it in, clearing opens it; the walls round it stay', () => {
  const model = new EditorModel(blankMaze(4, 4));
  assert.ok(model.fillRegion([2, 2], [1, 1], true));
  assert.ok(model.isOpen([1, 1], [1, 2]));
  assert.ok(model.isOpen([1, 1], [2, 1]));
  assert.ok(!model.isOpen([0, 1], [1, 1]));
  assert.ok(!model.isOpen([1, 2], [1, 3]));
  assert.equal(mazeCard(model.maze).loops, 1);
  assert.ok(model.fillRegion([1, 1], [2, 2], false));
  assert.equal(mazeCard(model.maze).loops, 0);
  assert.ok(!model.fillRegion([1, 1], [2, 2], false)); // nothing left to change: no step
  assert.equal(model.undoStack.length, 2);
  model.undo();
  assert.equal(mazeCard(model.maze).loops, 1);
});

test('resizing keeps what fits, closes the new outer wall and brings openings to the border', () => {
  const model = new EditorModel(blankMaze(6, 6, 4, true));
  model.moveOpening('exit', [5, 3]);
  model.resize(4, 5);
  const { maze } = model;
  assert.equal(maze.size, 20);
  assert.ok(model.isOpen([0, 0], [0, 1]));
  assert.equal(maze.east[4], 0);
  assert.equal(maze.south[15], 0);
  assert.deepEqual(maze.exit, [3, 3]);
  assert.ok(onBorder(maze, maze.entrance) && onBorder(maze, maze.exit));
  model.undo();
  assert.equal(model.maze.size, 36);
  assert.deepEqual(model.maze.exit, [5, 3]);
});

test('the wire form round trips through decodeMaze', () => {
  const model = new EditorModel(blankMaze(5, 7, 8));
  model.setPassage([1, 1], [2, 2], true);
  model.setPassage([1, 3], [2, 2], true);
  model.setPassage([4, 6], [4, 5], true);
  const back = decodeMaze(model.wire());
  assert.deepEqual(bytes(back), bytes(model.maze));
});

test('the cells a fast stroke passed over', () => {
  assert.deepEqual(cellsBetween([0, 0], [2, 1], 4), [[1, 0], [2, 0], [2, 1]]);
  assert.deepEqual(cellsBetween([0, 0], [2, 2], 8), [[1, 1], [2, 2]]);
  assert.deepEqual(nearestBorder({ rows: 5, cols: 5 }, [2, 1]), [2, 0]);
});

test('the cells each edit touched are handed to the picture once; a new maze is touched whole', () => {
  const model = new EditorModel(blankMaze(4, 4, 8));
  assert.equal(model.takeTouched().whole, true);
  model.setPassage([1, 2], [2, 1], true); // a southwest passage stored at (1, 2)
  assert.deepEqual(model.takeTouched(), { whole: false, cells: [6, 9] });
  assert.deepEqual(model.takeTouched(), { whole: false, cells: [] });
  model.undo();
  assert.deepEqual(model.takeTouched().cells, [6, 9]);
  model.moveOpening('exit', [3, 0]);
  assert.deepEqual(model.takeTouched().cells, [0, 15, 0, 12]);
  model.resize(5, 5);
  assert.equal(model.takeTouched().whole, true);
  assert.equal(model.undoStack.length, 2); // undo and redo add no steps of their own
});
