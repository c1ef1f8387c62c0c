using EventCommitLab.Engine.Results;

namespace EventCommitLab.Harness.Runs;

/// <summary>
/// A run of chosen cells instead of the options' grid, measured and verified like the main job, that adds its own
/// files to the results folder (written before the folder is renamed, so they share its all-or-nothing) and its own
/// lines to the console at the end.
/// </summary>
internal sealed record ChosenCells(
    IReadOnlyList<CellKey> Cells,
    Func<RunRecord, IReadOnlyList<(string FileName, string Content)>> Files,
    Action<RunRecord, TextWriter> Report);
