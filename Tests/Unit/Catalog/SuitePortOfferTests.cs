using EventCommitLab.Contract.Port;
using EventCommitLab.Harness.Stores;
using EventCommitLab.SuitePorts.Dcb;
using EventCommitLab.SuitePorts.Faults;
using EventCommitLab.SuitePorts.Floor;
using EventCommitLab.SuitePorts.Tags;

namespace EventCommitLab.Tests.Catalog;

/// <summary>Which stores a suite runs on is read from the type each store's registration says it provides, never listed by hand.</summary>
public sealed class SuitePortOfferTests
{
    [Fact]
    public void every_store_offers_the_event_store_port_and_only_postgres_offers_the_suites_ports()
    {
        Assert.Equal(StoreCatalog.Names, StoreCatalog.Offering<IEventStoreProvider>());
        Assert.Equal(["postgres"], StoreCatalog.Offering<IFaultInjectionProvider>());
        Assert.Equal(["postgres"], StoreCatalog.Offering<IDcbLogProvider>());
        Assert.Equal(["postgres"], StoreCatalog.Offering<ITagLogProvider>());
        Assert.Equal(["postgres"], StoreCatalog.Offering<IKeyValueFloorProvider>());
    }

    [Fact]
    public void a_store_added_by_one_catalog_line_is_offered_for_what_its_provider_implements()
    {
        using var line = StoreCatalog.Including(StoreCatalog.Get("postgres") with { Name = "postgres-again" });

        Assert.Equal(["postgres", "postgres-again"], StoreCatalog.Offering<IFaultInjectionProvider>());
    }
}
