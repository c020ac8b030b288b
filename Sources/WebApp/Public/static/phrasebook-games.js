// Phrasebook's games. The server makes each game and applies its rules; the page sends the game
// back with every answer or guess and shows what comes back.
import { $, api, el, failInto, t } from "/static/api.js";
import { book, bookQuery } from "/static/phrasebook-settings.js";

const options = $("game-options");
const error = $("game-error");
const fail = failInto(error);
const direction = () => options.elements.direction.value;
const show = (id, visible) => { $(id).hidden = !visible; };
const typing = () => $("type-answers").checked;


async function start(kind) {
  error.hidden = true;
  for (const id of ["translation", "translation-result", "hangman"]) show(id, false);
  try {
    const state = await api("GET", `/api/phrasebook/games/${kind}?${bookQuery}&direction=${direction()}`);
    if (kind === "translation") showQuestion(state);
    else showHangman(state);
  } catch (problem) {
    fail(problem);
  }
}

let translation;
function showQuestion(state) {
  translation = state;
  const game = state.game;
  if (state.finished) return showScore(state);
  const question = game.questions[game.chosen.length];
  show("translation", true);
  $("progress").textContent = t("phrasebook.js.progress", { number: game.chosen.length + 1, total: game.questions.length, score: state.score });
  $("question").textContent = question.prompt;
  $("verdict").textContent = "";
  show("next-question", false);
  show("typed-form", typing());
  if (typing()) {
    $("choices").replaceChildren();
    $("typed").value = "";
    $("typed").lang = direction() === "forward" ? book.languageTwoCode : book.languageOneCode;
    $("typed").focus();
    return;
  }
  $("choices").replaceChildren(...question.choices.map((choice, index) =>
    el("button", { type: "button", class: "secondary choice", dir: "auto", onclick: () => answer(index) }, choice)));
}

// A typed answer is graded by the server as revision grades it; anything but "wrong" scores.
$("typed-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    translation = await api("POST", `/api/phrasebook/games/translation/answer?${bookQuery}&direction=${direction()}`,
      { game: translation.game, typed: $("typed").value });
  } catch (problem) {
    return fail(problem);
  }
  const check = translation.check;
  show("typed-form", false);
  $("verdict").textContent = check.verdict === "exact" ? t("phrasebook.js.right")
    : check.verdict === "wrong" ? t("phrasebook.js.wrong", { expected: check.expected })
    : t("phrasebook.js.nearly", { detail: check.detail, expected: check.expected });
  show("next-question", true);
  $("next-question").focus();
});

async function answer(index) {
  const buttons = [...document.querySelectorAll("#choices button")];
  buttons.forEach((button) => { button.disabled = true; });
  const question = translation.game.questions[translation.game.chosen.length];
  translation = await api("POST", `/api/phrasebook/games/translation/answer?${bookQuery}`, { game: translation.game, choice: index });
  buttons[question.answerIndex].classList.add("right");
  if (!translation.correct) buttons[index].classList.add("wrong");
  $("verdict").textContent = translation.correct ? t("phrasebook.js.right")
    : t("phrasebook.js.wrong", { expected: question.choices[question.answerIndex] });
  show("next-question", true);
  $("next-question").focus();
}

function showScore(state) {
  show("translation", false);
  const result = $("translation-result");
  result.replaceChildren(
    el("h2", {}, t("phrasebook.js.score", { score: state.score, total: state.game.questions.length })),
    ...(state.mistakes.length ? [el("p", {}, t("phrasebook.js.mistakes")), el("ul", { class: "mistakes" }, ...state.mistakes.map((mistake) =>
      el("li", { dir: "auto" }, t("phrasebook.js.mistake", {
        prompt: mistake.question.prompt, answer: mistake.question.choices[mistake.question.answerIndex], chosen: mistake.chosen,
      }))))]
      : [el("p", {}, t("phrasebook.js.noMistakes"))]),
    el("button", { type: "button", onclick: () => start("translation") }, t("phrasebook.js.playAgain")));
  result.hidden = false;
}

$("next-question").addEventListener("click", () => showQuestion(translation));

// The drawing grows with each life lost (seven lives, seven strokes).
const strokes = [
  "\n\n\n\n\n=====", "  |\n  |\n  |\n  |\n  |\n=====", "  +---+\n  |\n  |\n  |\n  |\n=====",
  "  +---+\n  |   O\n  |\n  |\n  |\n=====", "  +---+\n  |   O\n  |   |\n  |\n  |\n=====",
  "  +---+\n  |   O\n  |  /|\\\n  |\n  |\n=====", "  +---+\n  |   O\n  |  /|\\\n  |  / \\\n  |\n=====",
];
let hangman;
function showHangman(state) {
  hangman = state;
  const game = state.game;
  show("hangman", true);
  $("clue").textContent = game.clue;
  $("lives").textContent = t("phrasebook.js.livesLeft", { count: state.livesLeft });
  const lost = game.lives - state.livesLeft;
  $("gallows").textContent = lost === 0 ? "" : strokes[Math.min(lost, strokes.length) - 1];
  $("hidden-word").textContent = [...state.display].join(" ");
  const result = $("hangman-result");
  result.textContent = state.status === "won" ? t("phrasebook.js.won", { word: game.word })
    : state.status === "lost" ? t("phrasebook.js.lost", { word: game.word }) : "";
  // The keys of the language the hidden word is in, as the server gives them.
  const letters = direction() === "forward" ? book.keysTwo : book.keysOne;
  $("letters").replaceChildren(...letters.map((letter) =>
    el("button", {
      type: "button", class: "secondary letter", disabled: game.guesses.includes(letter) || state.status !== "playing",
      onclick: () => guess(letter),
    }, letter)));
}

async function guess(letter) {
  try {
    showHangman(await api("POST", `/api/phrasebook/games/hangman/guess?${bookQuery}`, { game: hangman.game, letter }));
  } catch (problem) {
    fail(problem);
  }
}

// The physical keyboard plays too: a letter key is a guess while a hangman game is on screen
// (not while typing in a field, nor with Ctrl/Alt/Meta). Any letter of any script counts; the
// server says whether it is one.
document.addEventListener("keydown", (event) => {
  if (!hangman || hangman.status !== "playing" || $("hangman").hidden) return;
  if (event.ctrlKey || event.altKey || event.metaKey || event.target.closest?.("input, textarea, select")) return;
  const letter = event.key.toLowerCase();
  if ([...letter].length !== 1 || !/\p{L}|\p{N}/u.test(letter) || hangman.game.guesses.includes(letter)) return;
  event.preventDefault();
  guess(letter);
});

$("start-translation").addEventListener("click", () => start("translation"));
$("start-hangman").addEventListener("click", () => start("hangman"));
