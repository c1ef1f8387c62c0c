using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Contract;

public sealed class LockedCounterStatementContract(LabStores stores) : CommitStrategyContract(stores, "LockedCounterStatement");
