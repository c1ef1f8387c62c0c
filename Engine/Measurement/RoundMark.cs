using EventCommitLab.Contract;

namespace EventCommitLab.Engine.Measurement;

/// <summary>The readings taken as a measured round begins: the strategy's counters, the bytes allocated so far and the CPU time.</summary>
internal readonly record struct RoundMark(CommitCountersSnapshot Counters, long Allocated, CpuReading Cpu);
