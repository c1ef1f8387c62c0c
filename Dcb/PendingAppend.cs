using EventCommitLab.Strategies.Shared;
using EventCommitLab.SuitePorts.Dcb;

namespace EventCommitLab.Dcb;

/// <summary>An append waiting in the group commit's queue, with its caller's answer.</summary>
internal readonly record struct PendingAppend(DcbAppend Append, GroupCommitAnswer<DcbAppendResult> Completion);
