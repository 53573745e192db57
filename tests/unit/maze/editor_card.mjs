// Reads a JSON list of wire mazes on stdin and prints, for each, the editor's live card and its shortest
// way (web/js/model/maze-card.js), as test_editor_card.py checks them against networkx.
import { decodeMaze } from '../../../web/js/model/maze.js';
import { mazeCard, shortestWay } from '../../../web/js/model/maze-card.js';

let input = '';
process.stdin.setEncoding('utf8');
for await (const chunk of process.stdin) input += chunk;
const out = JSON.parse(input).map((wire) => {
  const maze = decodeMaze(wire);
  return { card: mazeCard(maze), way: shortestWay(maze) };
});
process.stdout.write(JSON.stringify(out));
