using EventCommitLab.Contract;

namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// The readings taken as a measured round begins: the strategy's counters, the bytes allocated so far, the CPU time, the
/// time the process has stood still for the garbage collector so far, and when (a <see cref="System.Diagnostics.Stopwatch"/> timestamp).
/// </summary>
internal readonly record struct RoundMark(CommitCountersSnapshot Counters, long Allocated, CpuReading Cpu, TimeSpan GcPaused, long Began);
