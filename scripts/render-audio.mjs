// Renders the listening tracks (content/audio/<name>.mp3) from their transcripts
// (content/transcript/*.md) with offline speech synthesis, and writes each file's real length
// back into its transcript's `durationSeconds` (issue 17 item 5; docs/decisions/015).
//
//   npm run audio:render                  # every track
//   npm run audio:render -- a1-ordering-at-a-cafe b2-phones-at-school
//
// Needs Debian's `festival`, `festvox-us-slt-hts`, `flite` and `ffmpeg` (apt-get install …).
// CI and the app do not: the rendered MP3 files are committed.
//
// For each transcript: the "## Transcript" section is split into turns ("**Name:** …") or,
// for a monologue, paragraphs spoken by the one name in the front matter's `voices`; each turn
// into sentences. Every character speaks with the voice content/audio/voices.json gives them
// (two characters of one track never share a voice). Each sentence is synthesized on its own,
// its silent ends trimmed; the sentences are joined with a short pause, the turns (or
// paragraphs) with a longer one, and each speaker's level is evened out. The speaking rate
// follows the CEFR level (LEVELS below): the engine's own duration control slows or speeds
// the speech, within bounds, and the pauses take up the rest. Words a minute are counted as
// the transcript's spoken words (whitespace-separated, so "forty-five" and "it's" are one
// each) over the whole file's length, pauses and the short silences at both ends included.
//
// Output: mono MP3, 22,050 Hz, 48 kbit/s. Only content/audio/*.mp3 and the `durationSeconds`
// line of content/transcript/*.md are written; the engines' sound comes through pipes.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseYaml } from "yaml";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const TRANSCRIPTS = path.join(ROOT, "content/transcript");
const AUDIO = path.join(ROOT, "content/audio");
const VOICES = path.join(AUDIO, "voices.json");

const RATE = 22050;
const BITRATE = "48k";
/** Target words a minute, and the pauses (seconds) after a sentence and after a turn. */
const LEVELS = {
  A1: { wpm: 105, sentence: 0.7, turn: 1.0 },
  A2: { wpm: 118, sentence: 0.6, turn: 0.85 },
  B1: { wpm: 130, sentence: 0.5, turn: 0.7 },
  B2: { wpm: 143, sentence: 0.42, turn: 0.6 },
  C1: { wpm: 153, sentence: 0.36, turn: 0.5 },
  C2: { wpm: 163, sentence: 0.3, turn: 0.45 },
};
/** How far the engines may stretch (>1, slower) or squeeze (<1) their natural timing. */
const STRETCH = { min: 0.85, max: 1.3 };
/** How far the pauses may then be scaled to land on the level's rate. */
const PAUSE_SCALE = { min: 0.6, max: 1.8 };
/** No pause longer than this (seconds), however slow the level. */
const MAX_PAUSE = 1.5;
/** Silence before the first and after the last word, in seconds. */
const LEAD = 0.35;
const TAIL = 0.6;
/** Each speaker's loudness (RMS over their voiced stretches) and the highest peak allowed. */
const TARGET_RMS = 0.1; // -20 dBFS
const MAX_PEAK = 0.89; // -1 dBFS

const NEEDS = {
  festival: "festival festvox-us-slt-hts",
  flite: "flite",
  ffmpeg: "ffmpeg",
  ffprobe: "ffmpeg",
};

function run(command, args, input) {
  const result = spawnSync(command, args, { input, maxBuffer: 1 << 30 });
  if (result.error?.code === "ENOENT")
    throw new Error(`${command} not found: apt-get install ${NEEDS[command] ?? command}`);
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(" ")} failed:\n${result.stderr.toString()}`);
  return result.stdout;
}

// ---------------------------------------------------------------- transcripts

function readTranscript(file) {
  const source = fs.readFileSync(file, "utf8");
  const match = /^---\n([\s\S]*?)\n---\n/.exec(source);
  if (!match) throw new Error(`${file}: no front matter`);
  const data = parseYaml(match[1]);
  const body = source.slice(match[0].length);
  const section = /^## Transcript\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(body);
  if (!section) throw new Error(`${file}: no "## Transcript" section`);
  const names = (data.voices ?? []).map(String);
  const turns = [];
  for (const block of section[1].split(/\n\s*\n/)) {
    const text = block.replace(/\s+/g, " ").trim();
    if (!text) continue;
    const turn = /^\*\*([^*]+?):\*\*\s*(.*)$/.exec(text);
    if (turn) turns.push({ speaker: turn[1].trim(), text: turn[2] });
    else if (names.length === 1) turns.push({ speaker: names[0], text });
    else throw new Error(`${file}: a paragraph with no speaker in a track of ${names.length}`);
  }
  const speakers = [...new Set(turns.map((t) => t.speaker))];
  for (const speaker of speakers)
    if (!names.includes(speaker))
      throw new Error(`${file}: ${speaker} speaks but is not in the front matter's voices`);
  return { source, data, turns, speakers };
}

/** The words as written, for counting: markup and quotation marks taken out. */
function plain(text) {
  return text
    .replace(/[*_]/g, "")
    .replace(/[“”„"]/g, "")
    .replace(/[‘’]/g, "'");
}

function countWords(text) {
  return plain(text)
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

function sentences(text) {
  return plain(text)
    .split(/(?<=[.!?]['")\]]?)\s+(?=['"(]?[\p{Lu}\p{N}])/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** What the engines are given: ASCII letters (café → cafe, Māori → Maori) and spoken forms. */
function spoken(sentence, spokenForms) {
  let text = sentence.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  for (const [written, said] of Object.entries(spokenForms))
    text = text.replace(new RegExp(`\\b${written}\\b`, "g"), said);
  return text.replace(/[^\x20-\x7e]/g, " ");
}

// ---------------------------------------------------------------- synthesis

/** Splits a stream of one or more RIFF/WAVE files (16-bit mono PCM) into their samples. */
function parseWaves(buffer) {
  const waves = [];
  let at = 0;
  while (at < buffer.length) {
    if (buffer.toString("ascii", at, at + 4) !== "RIFF")
      throw new Error(`unexpected engine output at byte ${at}`);
    const end = at + 8 + buffer.readUInt32LE(at + 4);
    let rate = 0;
    let data = null;
    for (let chunk = at + 12; chunk < end;) {
      const id = buffer.toString("ascii", chunk, chunk + 4);
      const size = buffer.readUInt32LE(chunk + 4);
      if (id === "fmt ") {
        if (buffer.readUInt16LE(chunk + 10) !== 1 || buffer.readUInt16LE(chunk + 22) !== 16)
          throw new Error("engine output is not 16-bit mono PCM");
        rate = buffer.readUInt32LE(chunk + 12);
      } else if (id === "data") data = buffer.subarray(chunk + 8, chunk + 8 + size);
      chunk += 8 + size + (size % 2);
    }
    if (!rate || !data) throw new Error("engine output has no fmt or data chunk");
    waves.push({ rate, pcm: data });
    at = end;
  }
  return waves;
}

function schemeString(text) {
  return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

/** Festival: one process for all of a voice's sentences; `-r` is HTS's speed (1/stretch). */
function festival(voice, texts, stretch) {
  const script = [
    `(voice_${voice.engineVoice})`,
    `(set! hts_engine_params (cons (list "-r" ${(1 / stretch).toFixed(4)}) hts_engine_params))`,
    ...texts.map((text) => `(utt.save.wave (SynthText ${schemeString(text)}) "-" 'riff)`),
  ].join("\n");
  const waves = parseWaves(run("festival", ["--pipe"], script));
  if (waves.length !== texts.length) throw new Error("festival returned too few waves");
  return waves;
}

/**
 * Flite: one process a sentence (they start in milliseconds). Its "/dev/stdout" must be a
 * real pipe (Node's are sockets, which Flite cannot open), hence the `| cat`.
 */
function flite(voice, texts, stretch) {
  if (!run("flite", ["-lv"]).toString().split(/\s+/).includes(voice.engineVoice))
    throw new Error(`flite has no voice ${voice.engineVoice}`);
  return texts.map((text) => {
    const args = ["-voice", voice.engineVoice, "--setf", `duration_stretch=${stretch.toFixed(4)}`];
    const script = 'flite "$@" -o /dev/stdout | cat';
    const waves = parseWaves(run("sh", ["-c", script, "flite", ...args, "-t", text]));
    if (waves.length !== 1) throw new Error(`flite returned no wave for: ${text}`);
    return waves[0];
  });
}

const ENGINES = { festival, flite };

/** A wave as float samples at RATE (ffmpeg resamples), its silent ends trimmed. */
function toSamples(wave) {
  const raw = run(
    "ffmpeg",
    [
      ...["-v", "error", "-f", "s16le", "-ar", String(wave.rate), "-ac", "1", "-i", "pipe:0"],
      ...["-af", `aresample=${RATE}:resampler=soxr`, "-f", "f32le", "pipe:1"],
    ],
    wave.pcm,
  );
  const samples = new Float32Array(raw.buffer, raw.byteOffset, raw.length / 4).slice();
  return trim(samples);
}

function trim(samples) {
  const frame = Math.round(RATE * 0.01);
  const loud = (start) => {
    let sum = 0;
    for (let i = start; i < Math.min(start + frame, samples.length); i++)
      sum += samples[i] * samples[i];
    return Math.sqrt(sum / frame) > 0.005; // -46 dBFS
  };
  let first = 0;
  while (first < samples.length && !loud(first)) first += frame;
  let last = samples.length - frame;
  while (last > first && !loud(last)) last -= frame;
  const margin = Math.round(RATE * 0.03);
  const out = samples.slice(
    Math.max(0, first - margin),
    Math.min(samples.length, last + frame + margin),
  );
  const fade = Math.min(Math.round(RATE * 0.005), out.length >> 1);
  for (let i = 0; i < fade; i++) {
    out[i] *= i / fade;
    out[out.length - 1 - i] *= i / fade;
  }
  return out;
}

/** Every sentence of the track, synthesized at one stretch: [turn][sentence] → samples. */
function synthesize(track, stretch) {
  const out = track.turns.map((turn) => turn.sentences.map(() => null));
  for (const speaker of track.speakers) {
    const voice = track.voiceOf.get(speaker);
    const places = [];
    track.turns.forEach((turn, t) => {
      if (turn.speaker === speaker) turn.sentences.forEach((_, s) => places.push([t, s]));
    });
    const texts = places.map(([t, s]) => track.turns[t].spoken[s]);
    const waves = ENGINES[voice.engine](voice, texts, stretch);
    places.forEach(([t, s], i) => (out[t][s] = toSamples(waves[i])));
  }
  return out;
}

const seconds = (samples) => samples.length / RATE;
const sum = (values) => values.reduce((a, b) => a + b, 0);

/** One gain for each speaker: the same loudness for all, and no peak above MAX_PEAK. */
function speakerGains(track, rendered) {
  const gains = new Map();
  for (const speaker of track.speakers) {
    let energy = 0;
    let count = 0;
    let peak = 0;
    const frame = Math.round(RATE * 0.02);
    track.turns.forEach((turn, t) => {
      if (turn.speaker !== speaker) return;
      for (const samples of rendered[t]) {
        for (let start = 0; start + frame <= samples.length; start += frame) {
          let e = 0;
          for (let i = start; i < start + frame; i++) {
            e += samples[i] * samples[i];
            peak = Math.max(peak, Math.abs(samples[i]));
          }
          if (Math.sqrt(e / frame) > 0.01) {
            energy += e;
            count += frame;
          }
        }
      }
    });
    const rms = Math.sqrt(energy / Math.max(count, 1));
    gains.set(speaker, Math.min(TARGET_RMS / rms, MAX_PEAK / peak));
  }
  return gains;
}

function renderTrack(slug, track) {
  const level = LEVELS[track.data.level];
  if (!level) throw new Error(`${slug}: unknown level ${track.data.level}`);
  const words = sum(track.turns.map((turn) => countWords(turn.text)));
  const target = (words / level.wpm) * 60;
  const sentenceGaps = sum(track.turns.map((turn) => turn.sentences.length - 1));
  const turnGaps = track.turns.length - 1;
  const pauses = sentenceGaps * level.sentence + turnGaps * level.turn;
  const pause = (base, scale) => Math.min(MAX_PAUSE, base * scale);
  const pausesAt = (scale) =>
    sentenceGaps * pause(level.sentence, scale) + turnGaps * pause(level.turn, scale);

  // The natural timing first, then the stretch that brings the speech close to the rate.
  const speechAt = (rendered) => sum(rendered.flat().map(seconds));
  const first = synthesize(track, 1);
  const natural = speechAt(first);
  const wanted = (target - LEAD - TAIL - pauses) / natural;
  const stretch = Math.round(Math.min(STRETCH.max, Math.max(STRETCH.min, wanted)) * 100) / 100;
  const rendered = stretch === 1 ? first : synthesize(track, stretch);
  // The pauses take up what is left, within bounds (found by bisection: MAX_PAUSE caps some).
  const left = target - LEAD - TAIL - speechAt(rendered);
  let [low, high] = [PAUSE_SCALE.min, PAUSE_SCALE.max];
  for (let i = 0; i < 40; i++) {
    const middle = (low + high) / 2;
    if (pausesAt(middle) < left) low = middle;
    else high = middle;
  }
  const pauseScale = (low + high) / 2;

  const gains = speakerGains(track, rendered);
  const parts = [new Float32Array(Math.round(LEAD * RATE))];
  track.turns.forEach((turn, t) => {
    const gain = gains.get(turn.speaker);
    rendered[t].forEach((samples, s) => {
      parts.push(samples.map((x) => x * gain));
      const last = s === rendered[t].length - 1;
      if (last && t === track.turns.length - 1) return;
      const gap = pause(last ? level.turn : level.sentence, pauseScale);
      parts.push(new Float32Array(Math.round(gap * RATE)));
    });
  });
  parts.push(new Float32Array(Math.round(TAIL * RATE)));
  const all = new Float32Array(sum(parts.map((p) => p.length)));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }

  const out = path.join(AUDIO, path.basename(String(track.data.audio)));
  run(
    "ffmpeg",
    [
      ...["-v", "error", "-y", "-f", "f32le", "-ar", String(RATE), "-ac", "1", "-i", "pipe:0"],
      // Bare MP3 frames: no ID3 tag, no Xing/LAME header (a header would state the whole
      // length even for a cut-off upload; the app reads the length from the frames).
      ...["-map_metadata", "-1", "-fflags", "+bitexact", "-flags:a", "+bitexact"],
      ...["-id3v2_version", "0", "-write_xing", "0"],
      ...["-c:a", "libmp3lame", "-b:a", BITRATE, "-ar", String(RATE), "-ac", "1", out],
    ],
    Buffer.from(all.buffer),
  );
  const duration = Number(
    run("ffprobe", [
      ...["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", out],
    ]).toString(),
  );
  return { out, words, duration, stretch, pauseScale };
}

// ---------------------------------------------------------------- main

const config = JSON.parse(fs.readFileSync(VOICES, "utf8"));

function voicesFor(slug, track) {
  const voiceOf = new Map();
  for (const speaker of track.speakers) {
    const character = config.tracks?.[slug]?.[speaker] ?? config.characters[speaker];
    if (!character) throw new Error(`${slug}: no voice for ${speaker} in ${VOICES}`);
    const voice = config.voices[character.voice];
    if (!voice) throw new Error(`${slug}: ${speaker}'s voice ${character.voice} is not defined`);
    if (voice.gender !== character.gender)
      throw new Error(
        `${slug}: ${speaker} is ${character.gender}, voice ${character.voice} is not`,
      );
    if ([...voiceOf.values()].some((v) => v.id === character.voice))
      throw new Error(`${slug}: two characters share the voice ${character.voice}`);
    voiceOf.set(speaker, { id: character.voice, ...voice });
  }
  return voiceOf;
}

const wanted = process.argv.slice(2);
const files = fs
  .readdirSync(TRANSCRIPTS)
  .filter((name) => name.endsWith(".md"))
  .filter((name) => !wanted.length || wanted.includes(path.basename(name, ".md")))
  .sort();
if (wanted.length && files.length !== wanted.length)
  throw new Error(`no transcript for some of: ${wanted.join(", ")}`);

const rows = [];
for (const name of files) {
  const slug = path.basename(name, ".md");
  const file = path.join(TRANSCRIPTS, name);
  const track = readTranscript(file);
  if (!/^\/audio\/[a-z0-9-]+\.mp3$/.test(String(track.data.audio))) {
    console.log(`${slug}: skipped, its audio (${track.data.audio}) is not a bundled MP3`);
    continue;
  }
  for (const turn of track.turns) {
    turn.sentences = sentences(turn.text);
    turn.spoken = turn.sentences.map((s) => spoken(s, config.spokenForms ?? {}));
  }
  track.voiceOf = voicesFor(slug, track);
  const result = renderTrack(slug, track);

  const rounded = Math.round(result.duration);
  const updated = track.source.replace(
    /^(---\n[\s\S]*?^durationSeconds: )\d+$/m,
    (_, head) => `${head}${rounded}`,
  );
  if (updated === track.source && track.data.durationSeconds !== rounded)
    throw new Error(`${file}: no durationSeconds line to update`);
  if (updated !== track.source) fs.writeFileSync(file, updated);

  rows.push([
    slug,
    String(track.data.level),
    track.speakers.map((s) => `${s}=${track.voiceOf.get(s).id}`).join(", "),
    String(result.words),
    result.duration.toFixed(1),
    ((result.words / result.duration) * 60).toFixed(1),
    result.stretch.toFixed(2),
    result.pauseScale.toFixed(2),
    `${Math.round(fs.statSync(result.out).size / 1024)} KB`,
  ]);
}

const header = ["track", "level", "voices", "words", "seconds", "wpm", "stretch", "pauses", "size"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) =>
  cells.map((c, i) => (i >= 3 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ");
console.log(line(header));
console.log(line(widths.map((w) => "-".repeat(w))));
for (const row of rows) console.log(line(row));
