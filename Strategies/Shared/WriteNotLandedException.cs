namespace EventCommitLab.Strategies.Shared;

/// <summary>A write's answer was lost and the log shows it did not land: the retry pipeline may repeat the attempt.</summary>
internal sealed class WriteNotLandedException(Exception unknown)
    : Exception($"The write's answer was lost and the commit is not in the log, so nothing was written ({unknown.Message.Split('\n')[0].Trim()}).", unknown);
